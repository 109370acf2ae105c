import type { Endpoints } from '@svc/core';
import { escapeRegExp } from '@svc/core/internal';
import { type HttpHandler, http } from 'msw';
import type { MockPlatform } from '../platform';
import type { ExperiencesQuery } from '../platform/experiences';
import { json, readJson, route } from './respond';

/** An experience or variation id: a positive safe integer (what the admin accepts), written plainly. */
const isPositiveIdText = (text: string) => /^[1-9][0-9]*$/.test(text) && Number.isSafeInteger(Number(text));

/**
 * The tracking id of `/v1/{trackingId}/experiences`, decoded; as it came when its percent-encoding is malformed (an
 * unknown one).
 */
function trackingIdOf(request: Request): string {
  const raw = new URL(request.url).pathname.replace(/\/$/, '').split('/').at(-2) as string;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const invalidParameter = (name: string, value: string, expected: string) =>
  json(
    { status: 400, message: `parameter ${name} has an invalid value: ${JSON.stringify(value)} is not ${expected}` },
    400,
  );

/**
 * PROTOCOL.md's "Server experiences" block:
 * - `GET
 * {experiences}/v1/{trackingId}/experiences[?contextId][&experienceIds=1,2][&preview][&variation=M][&ignoreSegments]`
 *   -> 200 `{experiencePayloads, contextId, cookieDomains}` | 404 `{"status":404,"message":"experience 7 not found"}`
 * - `POST {experiences}/v1/callback?data=...` `{"id": deviceId}` -> 200 always.
 *
 * The GET's path is a RegExp without groups and the tracking id is decoded here: MSW's `:param`
 * matching throws on malformed percent-encoding (`%E0%A4%A`), which would answer 500.
 */
export function experiencesHandlers(platform: MockPlatform, endpoints: Endpoints): HttpHandler[] {
  const service = platform.services.experiences;
  const callbackBase = `${endpoints.experiences}/v1/callback`;
  return [
    http.get(
      new RegExp(`^${escapeRegExp(endpoints.experiences)}/v1/[^/]+/experiences/?$`),
      route(platform, 'experiences', ({ request }) => {
        const search = new URL(request.url).searchParams;
        const query: ExperiencesQuery = {
          preview: search.has('preview'),
          ignoreSegments: search.has('ignoreSegments'),
        };
        const contextId = search.get('contextId');
        if (contextId) query.contextId = contextId;
        const ids = search.get('experienceIds');
        if (ids !== null) {
          if (!ids.split(',').every(isPositiveIdText))
            return invalidParameter('experienceIds', ids, 'a comma-separated list of experience ids');
          query.experienceIds = ids.split(',').map(Number);
        }
        const variation = search.get('variation');
        if (variation !== null) {
          if (!isPositiveIdText(variation)) return invalidParameter('variation', variation, 'a variation id');
          query.variation = Number(variation);
        }
        const answer = service.experiences(trackingIdOf(request), query, callbackBase);
        if (!answer.found) return json({ status: 404, message: `experience ${answer.experienceId} not found` }, 404);
        const { experiencePayloads, contextId: id, cookieDomains } = answer;
        return json({ experiencePayloads, contextId: id, cookieDomains });
      }),
    ),
    http.post(
      callbackBase,
      route(platform, 'callback', async ({ request }) => {
        service.callback(new URL(request.url).searchParams.get('data'), await readJson(request));
        return json({ status: 200 });
      }),
    ),
  ];
}
