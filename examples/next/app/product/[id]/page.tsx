import { loadRecommendations } from '@svc/react/server';
import { headers } from 'next/headers';
import { after } from 'next/server';
import { RecommendedProducts } from '../../recommended-products';
import { DEFAULT_HEADLINE, ENDPOINT, experiences, HERO_EXPERIENCE, TIMEOUT_MS, TRACKING_ID } from '../../shop';

// A React Server Component: the experience and the recommendations are in the first byte, so the
// browser asks the platform for neither and nothing moves once the page is shown.
export default async function ProductPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Set by proxy.ts: the `_svcTracker` cookie's id, or the one it made for a new visitor.
  const requestHeaders = await headers();
  const visitorId = requestHeaders.get('x-svc-visitor') ?? undefined;
  const options = { meta: { trackingId: TRACKING_ID } };
  const config = { strategy: 'engagement', seed: id, limit: 4, timeout: TIMEOUT_MS };
  // Both asks at once, each bounded by TIMEOUT_MS: a slow platform costs the page that much at most.
  const [found, snapshot] = await Promise.all([
    // With Sec-GPC: 1 (Global Privacy Control) both treat the visitor as anonymous.
    experiences
      .getExperiences({ contextId: visitorId, experienceIds: [HERO_EXPERIENCE], headers: requestHeaders })
      .catch(() => undefined),
    loadRecommendations(options, config, { visitorId, headers: requestHeaders }),
  ]);
  const hero = found?.experiencePayloads[0];
  const headline =
    hero && !hero.isControl && typeof hero.payload.headline === 'string' ? hero.payload.headline : DEFAULT_HEADLINE;
  // Every experience rendered is recorded as seen, the control group too, once the response is sent.
  if (found)
    after(() => Promise.all(found.experiencePayloads.map((payload) => experiences.seen(payload, found.contextId))));
  return (
    <main>
      <p className="hero">{headline}</p>
      <h1>Product {id}</h1>
      <RecommendedProducts endpoint={ENDPOINT} options={options} config={config} initial={snapshot} />
    </main>
  );
}
