import { defaultEndpoints, type Endpoints } from '@svc/core';
import { escapeRegExp } from '@svc/core/internal';
import { getResponse, type HttpHandler, http } from 'msw';
import {
  type CorsOptions,
  interfacesOf,
  isPreflight,
  normaliseAllowOrigin,
  preflightResponse,
  withCors,
} from './access/cors';
import { eventsHandlers } from './handlers/events';
import { experiencesHandlers } from './handlers/experiences';
import { integrationsHandlers } from './handlers/integrations';
import { recommendHandlers } from './handlers/recommend';
import { json, methodNotAllowed } from './handlers/respond';
import { stashHandlers } from './handlers/stash';
import type { MockPlatform } from './platform';

/** Options of `createHandlers`. */
export interface HandlerOptions extends CorsOptions {
  /**
   * Base URLs to intercept. Without it, PROTOCOL.md's placeholders, `defaultEndpoints`.
   * @default undefined
   */
  endpoints?: Partial<Endpoints>;
}

/**
 * MSW handlers for every route of PROTOCOL.md, answered by `platform`. One handler in front of the
 * routes answers CORS as PROTOCOL.md says (the preflight, then the headers of every answer, errors
 * and faults included), with the rules `svc-mock serve` shares (`access/cors.ts`).
 * @example
 * ```ts
 * const server = setupServer(...createHandlers(createMockPlatform({ fixtures: true })));
 * server.listen({ onUnhandledFrame: 'error' });
 * ```
 */
export function createHandlers(platform: MockPlatform, options: HandlerOptions = {}): HttpHandler[] {
  const endpoints: Endpoints = { ...defaultEndpoints, ...options.endpoints };
  // As request URLs arrive: lower-case host, no default port, no trailing slash.
  for (const key of Object.keys(endpoints) as (keyof Endpoints)[]) {
    const url = new URL(endpoints[key]);
    endpoints[key] = (url.origin + url.pathname).replace(/\/+$/, '');
  }
  const allowOrigin = normaliseAllowOrigin(options.allowOrigin);
  const routes = routeHandlers(platform, endpoints);
  const platformUrl = ({ request }: { request: Request }) => interfacesOf(new URL(request.url), endpoints).length > 0;
  return [
    http.all(platformUrl, async ({ request }) => {
      if (isPreflight(request))
        return preflightResponse(request, interfacesOf(new URL(request.url), endpoints), allowOrigin);
      const response = await getResponse(routes, request);
      return response && withCors(response, request, allowOrigin);
    }),
  ];
}

/** The routes of PROTOCOL.md, then 405 for another method on a known route, then 404 under a base URL. */
function routeHandlers(platform: MockPlatform, endpoints: Endpoints): HttpHandler[] {
  return [
    ...recommendHandlers(platform, endpoints),
    ...stashHandlers(platform, endpoints),
    ...eventsHandlers(platform, endpoints),
    ...experiencesHandlers(platform, endpoints),
    ...integrationsHandlers(platform, endpoints),
    // A route of PROTOCOL.md asked with another method: 405 with `Allow`, the same answer the
    // stash, recommendations and integrations handlers give for their own routes.
    ...otherMethods(endpoints).map(([pattern, allow]) =>
      http.all(pattern, ({ request }) => methodNotAllowed(request.method, allow)),
    ),
    // Anything else under a platform base URL is an unknown path. A RegExp, not `${base}/*`: MSW
    // percent-decodes a string pattern's wildcard while matching, and a malformed escape there
    // (`/%E0%A4%A`) would throw inside the router and answer 500.
    ...Object.values(endpoints).map((base) =>
      http.all(new RegExp(`^${escapeRegExp(base)}/`), () =>
        json({ status: 404, message: 'The requested URL was not found on the server.' }, 404),
      ),
    ),
  ];
}

const SEGMENT = '[^/?#]+';

/** The events and experiences routes, and the method each allows. */
function otherMethods(endpoints: Endpoints): [RegExp, string][] {
  const at = (base: string, path: string) => new RegExp(`^${escapeRegExp(base)}${path}(?:[?#].*)?$`);
  return [
    [at(endpoints.events, `/events/v1/${SEGMENT}`), 'POST'],
    [at(endpoints.experiences, `/v1/callback`), 'POST'],
    [at(endpoints.experiences, `/v1/${SEGMENT}/experiences`), 'GET'],
  ];
}
