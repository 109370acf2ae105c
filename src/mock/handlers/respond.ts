import { delay, HttpResponse, type HttpResponseResolver } from 'msw';
import type { MockPlatform } from '../platform';
import type { Route } from '../platform/faults';
import { JsonTooDeepError, parseBoundedJson } from '../platform/json-depth';

/** JSON answer with an HTTP status (default 200). */
export const json = (body: unknown, status = 200, headers?: Record<string, string>) =>
  HttpResponse.json(body as Record<string, unknown>, { status, headers });

/**
 * Wraps a resolver with what every route shares: the clock ticks (due tasks run), then the
 * route's switched-on fault applies (latency, forced status, offline), then the resolver answers.
 */
export function route(platform: MockPlatform, name: Route, resolver: HttpResponseResolver): HttpResponseResolver {
  return async (info) => {
    platform.clock.tick();
    const fault = platform.faults.take(name);
    if (fault) {
      if (fault.latencyMs) await delay(fault.latencyMs);
      if (fault.offline) return HttpResponse.error();
      const headers: Record<string, string> | undefined =
        fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : undefined;
      if (fault.raw !== undefined) {
        const type = fault.raw.trimStart().startsWith('<') ? 'text/html' : 'application/json';
        // With its length, as every answer here: a body without one ends only when the connection
        // closes, and msw's socket closing a request aborted mid-body crashes undici (docs/testing.md).
        const length = String(new TextEncoder().encode(fault.raw).byteLength);
        return new HttpResponse(fault.raw, {
          status: fault.status ?? 200,
          headers: { 'Content-Type': type, 'Content-Length': length, ...headers },
        });
      }
      if (fault.status)
        return json(
          { status: fault.status, message: `fault injected on ${name}: HTTP ${fault.status}` },
          fault.status,
          headers,
        );
      if (fault.bodyStatus)
        return json(
          { status: fault.bodyStatus, message: `fault injected on ${name}: status ${fault.bodyStatus}` },
          200,
          headers,
        );
    }
    try {
      return await resolver(info);
    } catch (error) {
      if (!(error instanceof JsonTooDeepError)) throw error;
      // The stash fails in its body's status (HTTP 200); the other interfaces with HTTP 400.
      return json({ status: 400, message: error.message }, name === 'stash' ? 200 : 400);
    }
  };
}

/**
 * A route asked with a method it does not serve: HTTP 405 with `Allow`, and for HEAD no body.
 * Every route of the mock answers this way.
 */
export const methodNotAllowed = (method: string, allow: string) =>
  method === 'HEAD'
    ? new HttpResponse(null, { status: 405, headers: { Allow: allow } })
    : json({ status: 405, message: 'The method is not allowed for the requested URL.' }, 405, { Allow: allow });

/**
 * Reads a JSON body; `undefined` when absent or malformed (handlers answer 400 for that). A body
 * nested deeper than MAX_JSON_DEPTH throws JsonTooDeepError, which `route` answers as a 400.
 */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  try {
    return text ? parseBoundedJson(text) : undefined;
  } catch (error) {
    if (error instanceof JsonTooDeepError) throw error;
    return undefined;
  }
}
