import { http, type HttpHandler } from 'msw';
import type { Endpoints } from '../../core/endpoints';
import type { MockPlatform } from '../platform';
import { json, readJson, route } from './respond';

/**
 * MSW handlers of the integrations routes of PROTOCOL.md:
 *
 * | route | body | answers |
 * |---|---|---|
 * | POST /v1/{tid}/integrations/{name}/execute  | `{payload, key}`                 | 200 `{executionId, result}`, 429 `{retryAt}`, 404, 400, 500, 504 |
 * | POST /v1/{tid}/integrations/{name}/schedule | `{payload, key, delay, window}`  | 200 `{executionId, runAt}`, 404, 400 |
 * | POST /v1/{tid}/integrations/{name}/cancel   | `{key}`                          | 200 `{cancelled}`, 404, 400 |
 *
 * The HTTP status equals the body's `status`; a 429 also carries `Retry-After` (seconds).
 */
export function integrationsHandlers(platform: MockPlatform, endpoints: Endpoints): HttpHandler[] {
  const service = platform.services.integrations;
  return (['execute', 'schedule', 'cancel'] as const).map((op) =>
    http.post(
      `${endpoints.integrations}/v1/:trackingId/integrations/:name/${op}`,
      route(platform, 'integrations', async ({ request, params }) => {
        const answer = await service[op](String(params.trackingId), String(params.name), await readJson(request));
        const retryAfter = answer.status === 429 ? Math.max(0, Math.ceil((Date.parse(answer.retryAt) - platform.clock.now()) / 1000)) : undefined;
        return json(answer, answer.status, retryAfter === undefined ? undefined : { 'Retry-After': String(retryAfter) });
      }),
    ),
  );
}
