import type { Endpoints } from '@svc/core';
import { decodeSegment } from '@svc/core/internal';
import { type HttpHandler, http } from 'msw';
import type { MockPlatform } from '../platform';
import { json, methodNotAllowed, readJson, route } from './respond';

/** The three routes under `{integrations}/v1/{tid}/integrations/{name}/`. */
const OPS = ['execute', 'schedule', 'cancel'] as const;
type Op = (typeof OPS)[number];

/**
 * Matches `<root>{tid}/integrations/{name}/{op}` segment by segment (exactly four, no trailing
 * slash), the two names percent-decoded here: MSW's own path matching would throw on a malformed
 * escape (`%E0%A4%A`) and answer HTTP 500 with a stack.
 */
const matcher =
  (root: URL) =>
  ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname)) return false;
    const [trackingId, integrations, name, op, ...rest] = url.pathname.slice(root.pathname.length).split('/');
    if (rest.length || integrations !== 'integrations' || !trackingId || !name || !OPS.includes(op as Op)) return false;
    // A malformed escape stays as sent, and so names no integration: 404.
    return { matches: true, params: { trackingId: decodeSegment(trackingId), name: decodeSegment(name), op } };
  };

/**
 * MSW handlers of the integrations routes of PROTOCOL.md:
 *
 * | route | body | answers |
 * |---|---|---|
 * | POST /v1/{tid}/integrations/{name}/execute | `{payload, key}` | 200 `{executionId, result}`, 429 `{retryAt}`, 404,
 * 400, 500, 504 |
 * | POST /v1/{tid}/integrations/{name}/schedule | `{payload, key, delay, window}` | 200 `{executionId, runAt}`, 404,
 * 400 |
 * | POST /v1/{tid}/integrations/{name}/cancel   | `{key}`                          | 200 `{cancelled}`, 404, 400 |
 * | any other method but OPTIONS on those paths | | 405 `{status, message}` (HEAD: no body) with `Allow: POST` |
 *
 * The HTTP status equals the body's `status`; a 429 also carries `Retry-After` (seconds).
 */
export function integrationsHandlers(platform: MockPlatform, endpoints: Endpoints): HttpHandler[] {
  const service = platform.services.integrations;
  const matches = matcher(new URL(`${endpoints.integrations}/v1/`));
  return [
    http.post(
      matches,
      route(platform, 'integrations', async ({ request, params }) => {
        const answer = await service[params.op as Op](
          String(params.trackingId),
          String(params.name),
          await readJson(request),
        );
        const retryAfter =
          answer.status === 429
            ? Math.max(0, Math.ceil((Date.parse(answer.retryAt) - platform.clock.now()) / 1000))
            : undefined;
        return json(
          answer,
          answer.status,
          retryAfter === undefined ? undefined : { 'Retry-After': String(retryAfter) },
        );
      }),
    ),
    // OPTIONS (CORS preflight) is left to the catch-all, as for every other route.
    http.all(
      (info) => info.request.method !== 'OPTIONS' && matches(info),
      ({ request }) => methodNotAllowed(request.method, 'POST'),
    ),
  ];
}
