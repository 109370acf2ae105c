// What a shop's edge function does with the browser-safe clients, run unchanged in workerd
// (Cloudflare Workers) and the Edge runtime (Vercel): recommendations for the visitor, the
// visitor's server experiences, the `_svcTracker` cookie of the first response, and `seen`.
// Bundled from the built packages (dist/) by runtimes.test.ts, with nothing polyfilled.
import { contextCookie, createExperiencesClient, setEndpoints } from '@svc/experiences';
import { recommendations } from '@svc/recommendations';

export async function handle(request: Request, mock: string): Promise<Response> {
  setEndpoints({ recs: mock, experiences: mock });
  const experiences = createExperiencesClient({ trackingId: 'demo_shop', timeout: 5000 });
  const { contextId, generated, cookieDomains, experiencePayloads } = await experiences.getExperiences();
  const items = await recommendations(
    { meta: { trackingId: 'demo_shop', visitorId: contextId } },
    { strategy: 'popular', limit: 4, timeout: 5000 },
  ).get();
  const seen = await Promise.all(experiencePayloads.map((payload) => experiences.seen(payload, contextId)));
  const body = {
    runtime: typeof (globalThis as { EdgeRuntime?: unknown }).EdgeRuntime === 'string' ? 'edge' : 'workerd',
    items: items.map((item) => item.id),
    generated,
    contextId,
    experiences: experiencePayloads.length,
    seen: seen.map((outcome) => outcome.ok),
    cookie: contextCookie(contextId, cookieDomains, new URL(request.url).host),
  };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}
