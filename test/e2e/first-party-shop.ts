// A shop whose only origin is its own server: its page, svc.min.js, and the platform route
// (@svc/proxy, the built package) at /svc in front of `svc-mock serve`, over node:http through
// @remix-run/node-fetch-server. Used by first-party.spec.ts and the first-party bench.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestListener } from '@remix-run/node-fetch-server';

const dist = join(import.meta.dirname, '..', '..', 'dist');

/** The page: the script tag with `data-platform="/svc"`, nothing else. */
export const SHOP_PAGE =
  '<!doctype html><title>shop</title>' +
  '<script src="/svc.min.js" data-tracking-id="demo_shop" data-platform="/svc"></script>';

export interface Shop {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** The page of a new visitor's first look: the tag without a tracking id (no tracker), `data-platform` only. */
export const UNTRACKED_PAGE =
  '<!doctype html><title>shop</title><script src="/svc.min.js" data-platform="/svc"></script>';

/** SHOP_PAGE with a `<svc-recommendations>` widget (its own recommendations request, through the route). */
const WIDGET_PAGE =
  `${SHOP_PAGE}<svc-recommendations strategy="popular" limit="4">` +
  '<template><a data-svc-href="url"><span data-svc-field="name"></span></a></template></svc-recommendations>';

/** The page with the platform as a third party: its events sent to `events` (an origin), the route unused. */
const directPage = (events: string) =>
  '<!doctype html><title>shop</title>' +
  `<script src="/svc.min.js" data-tracking-id="demo_shop" data-endpoint="${events}"></script>`;

/** The page of `url`: `/untracked`, `/widget`, `/direct?events=<origin>`, else SHOP_PAGE. */
function pageOf(url: URL): string {
  if (url.pathname === '/untracked') return UNTRACKED_PAGE;
  if (url.pathname === '/widget') return WIDGET_PAGE;
  const events = url.searchParams.get('events');
  if (url.pathname === '/direct' && events && /^https?:\/\/[\w.:-]+$/.test(events)) return directPage(events);
  return SHOP_PAGE;
}

/** The shop's server on a free port of 127.0.0.1 (its pages: `pageOf`). */
export async function startShop(upstream: string): Promise<Shop> {
  const { createPlatformRoute } = (await import(
    pathToFileURL(join(dist, 'proxy', 'index.js')).href
  )) as typeof import('@svc/proxy');
  const route = createPlatformRoute({ upstream });
  const script = readFileSync(join(dist, 'svc.min.js'));
  const handler = async (request: Request) => {
    const url = new URL(request.url);
    const { pathname } = url;
    if (pathname.startsWith('/svc/')) return route(request);
    if (pathname === '/svc.min.js') return new Response(script, { headers: { 'content-type': 'text/javascript' } });
    return new Response(pageOf(url), {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  };
  const server = createServer(createRequestListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
