// Imported first by a file of test/conformance/through-route/: the cases it imports next run with
// every client pointed at the platform route (see ./through-route.ts).
import { enableThroughRoute } from './through-route';

enableThroughRoute();
