// What crossed the wire in a conformance case: each request as the platform reference's tables describe one
// (method, path, query in order with bare flags kept, content type, body) and the mock's answer.
import { gunzipSync } from 'node:zlib';
import { beforeEach } from 'vitest';
import type { MockContext } from '../support/mock-server';
import { isRouteRequest } from '../support/through-route';

export interface Exchange {
  method: string;
  /** Origin and path, decoded once as the platform routes it. */
  path: string;
  /** The query string's parts in order, each `name=value` or a bare `name`. */
  query: string[];
  contentType: string | null;
  /** The body parsed as JSON (gunzipped first for `?encoding=gzip`), `undefined` when empty. */
  body: unknown;
  /** The answer's HTTP status and JSON body. */
  status: number;
  answer: unknown;
}

const parse = (text: string): unknown => (text ? JSON.parse(text) : undefined);

/** Records every exchange of `mock`'s server from now on; `take()` returns them (bodies read). */
export function recordExchanges(mock: MockContext): { take(): Promise<Exchange[]> } {
  const pending: Promise<Exchange>[] = [];
  const requests = new Map<string, Request>();
  beforeEach(() => {
    pending.length = 0;
    requests.clear();
  });
  mock.server.events.on('request:start', ({ request, requestId }) => {
    if (request.method !== 'OPTIONS' && !isRouteRequest(request.url)) requests.set(requestId, request.clone());
  });
  mock.server.events.on('response:mocked', ({ response, requestId }) => {
    const request = requests.get(requestId);
    if (!request) return;
    const answer = response.clone();
    pending.push(
      (async () => {
        const url = new URL(request.url);
        const raw = Buffer.from(await request.arrayBuffer());
        const text = (url.searchParams.get('encoding') === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        return {
          method: request.method,
          path: `${url.origin}${url.pathname}`,
          query: url.search ? url.search.slice(1).split('&').map(decodeURIComponent) : [],
          contentType: request.headers.get('content-type'),
          body: parse(text),
          status: answer.status,
          answer: parse(await answer.text()),
        };
      })(),
    );
  });
  return {
    async take() {
      const done = await Promise.all(pending.splice(0));
      return done;
    },
  };
}
