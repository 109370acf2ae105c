// The one test double: @svc/mock's platform behind its own MSW handlers, in Node.
import { setTimeout as nodeTimeout } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Endpoints } from '../../src/core/endpoints';
import { createHandlers, createMockPlatform, type MockPlatform, type MockPlatformOptions } from '../../src/mock';
import { isRouteRequest, pointAtRoute, routeHandler, throughRoute } from './through-route';

export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The body as text: decompressed when sent with `?encoding=gzip`. */
  body: string;
  /** Bytes of the body as sent (compressed ones as such). */
  bytes: number;
  /** The body parsed as JSON, `undefined` when empty or not JSON. */
  json: unknown;
}

export interface MockContext {
  /** A fresh platform for each test. */
  platform: MockPlatform;
  server: ReturnType<typeof setupServer>;
  /** Every request sent during the current test, in order, bodies read. */
  sent(): Promise<SentRequest[]>;
}

/**
 * Installs the mock platform for a test file: a fresh platform per test (`options` as for
 * `createMockPlatform`), every request recorded, unhandled requests an error.
 */
export function useMockPlatform(options: MockPlatformOptions & { endpoints?: Partial<Endpoints> } = {}): MockContext {
  const server = setupServer();
  let requests: Request[] = [];
  const ctx = {
    platform: undefined as unknown as MockPlatform,
    server,
    async sent() {
      return Promise.all(
        requests.map(async (request) => {
          const raw = Buffer.from(await request.clone().arrayBuffer());
          const url = new URL(request.url);
          const body = (url.searchParams.get('encoding') === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          let json: unknown;
          try {
            json = body ? JSON.parse(body) : undefined;
          } catch {
            json = undefined;
          }
          return { method: request.method, url, headers: request.headers, body, bytes: raw.length, json };
        }),
      );
    },
  };
  server.events.on('request:start', ({ request }) => {
    // The CORS preflights of a happy-dom page are the browser's, not requests of the client's.
    // In the route variant, the route's own requests are the shop's: the platform's are recorded.
    if (request.method !== 'OPTIONS' && !isRouteRequest(request.url)) requests.push(request.clone());
  });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => {
    requests = [];
    ctx.platform = createMockPlatform(options);
    const handlers = createHandlers(ctx.platform, { endpoints: options.endpoints });
    const viaRoute = throughRoute();
    if (viaRoute) pointAtRoute();
    server.resetHandlers(...(viaRoute ? [routeHandler()] : []), ...handlers);
  });
  afterEach(() => server.resetHandlers());
  // A task's turn before closing (Node's own timer, which fake timers left on do not hold): work a
  // file's clients left for the next task (a tracker opens its storage in a task of its own where
  // there is no idle callback) meets this file's server, not the next file's in the worker.
  afterAll(async () => {
    await nodeTimeout(0);
    server.close();
  });
  return ctx;
}
