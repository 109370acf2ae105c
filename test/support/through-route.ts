// The conformance suite's second run: every client pointed at the platform route (@svc/proxy), which
// is mounted in front of the mock (the MSW handlers, or `svc-mock serve` over HTTP), so that the same
// cases hold the wire through the route as they do directly. A variant file of
// test/conformance/through-route/ imports `./through-route-on` first, then the cases' file.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestListener } from '@remix-run/node-fetch-server';
import { http } from 'msw';
import { setEndpoints } from '../../src/core/endpoints';
import { createPlatformRoute } from '../../src/proxy';

// Cleared after each file with core's other `svc.` slots (test/support/shared-worker.ts).
const FLAG = Symbol.for('svc.test.throughRoute');

/** Turns the route variant on for the file being collected. */
export function enableThroughRoute(): void {
  (globalThis as Record<symbol, unknown>)[FLAG] = true;
}

/** True in a file of the route variant. */
export const throughRoute = () => (globalThis as Record<symbol, unknown>)[FLAG] === true;

/** The shop's origin: the page's in a DOM environment (a same-origin request, as in a shop), else one of its own. */
export function shopOrigin(): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? origin : 'https://www.shop.example';
}

/** True for a request to the route itself (not one the platform receives). */
export const isRouteRequest = (url: string) => throughRoute() && url.startsWith(`${shopOrigin()}/svc/`);

/** The MSW handler of the route on the shop's origin, forwarding to the default endpoints (the mock's handlers). */
export function routeHandler() {
  const route = createPlatformRoute();
  return http.all(`${shopOrigin()}/svc/*`, ({ request }) => route(request));
}

/** Points every client at the route on the shop's origin. */
export function pointAtRoute(): void {
  setEndpoints({ platform: `${shopOrigin()}/svc` });
}

/** The route over node:http in front of `upstream` (`svc-mock serve`), every client pointed at it. */
export async function routeInFront(upstream: string): Promise<{ close(): Promise<void> }> {
  const route = createPlatformRoute({ upstream });
  const server = createServer(createRequestListener(route));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setEndpoints({ platform: `http://127.0.0.1:${(server.address() as AddressInfo).port}/svc` });
  return { close: () => new Promise((resolve) => server.close(() => resolve())) };
}
