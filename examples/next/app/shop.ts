// The shop's platform settings and its server's client, read once when the server starts.
import { createExperiencesClient, setEndpoints } from '@svc/experiences';

/** The property (the mock platform's demo fixtures live in `demo_shop`). */
export const TRACKING_ID = 'demo_shop';
/** The platform's base URL, one origin for every interface (`svc-mock serve`'s), for the server and the browser. */
export const ENDPOINT = process.env.SVC_ENDPOINT ?? 'http://127.0.0.1:4010';
/** What the page waits for the platform at most; past it the page renders its defaults. */
export const TIMEOUT_MS = 300;
/** The experience whose headline the product page shows (the demo property's hero test). */
export const HERO_EXPERIENCE = 1;
/** The headline without an experience: the control group, a slow or failed platform. */
export const DEFAULT_HEADLINE = 'Welcome to the shop';

setEndpoints({ experiences: ENDPOINT, recs: ENDPOINT, events: ENDPOINT });
export const experiences = createExperiencesClient({ trackingId: TRACKING_ID, timeout: TIMEOUT_MS });
