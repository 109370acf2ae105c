// The two servers of the engines suite besides `svc-mock serve`, each on a port (so an origin) of
// its own:
// - the shop: dist/ at /dist/, the Playwright suite's pages at /test-pages/ and this suite's at
//   /engines/ (`{{PLATFORM}}` and `{{TID}}`, the query's `tid`, filled in); in every test page the
//   svc.min.js tag gets the platform as its `data-endpoint` (unless it has one) and is followed by
//   /__platform.js, which points all clients at the platform; some pages have headers of their
//   own (PAGE_HEADERS: a strict CSP), and /engines/ssr/ is rendered per request (ssr.ts), under
//   the strict CSP;
// - the platform's front: a proxy to the mock on 127.0.0.1 that records each request (path,
//   `?encoding=gzip`, status) and can be made unreachable (every connection reset).
import { readFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..', '..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};
const BASES: [string, string][] = [
  ['/dist/', join(root, 'dist')],
  ['/test-pages/', join(root, 'test', 'e2e', 'pages')],
  ['/engines/', join(root, 'test', 'engines', 'pages')],
];

/** A strict Content-Security-Policy: no inline script or style, no eval, nothing from elsewhere. */
const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' {{PLATFORM}}; img-src 'self'; object-src 'none'; base-uri 'none'";
/** The headers some pages are sent with besides their type (`{{PLATFORM}}` filled in). */
const PAGE_HEADERS: Record<string, Record<string, string>> = {
  // Trusted Types too (all three engines enforce them): the page's one policy admits svc-qa.js.
  '/engines/qa-csp.html': {
    'Content-Security-Policy': `${STRICT_CSP}; require-trusted-types-for 'script'; trusted-types default`,
  },
};
/** A page of /engines/ssr/ (ssr.ts renders it at each request, as a shop's server renders its app). */
const SSR = '/engines/ssr/';
const rendered = async (path: string) =>
  path.startsWith(SSR) ? (await import('./ssr')).SSR_PAGES[path.slice(SSR.length)] : undefined;

function listen(server: Server, host: string): Promise<string> {
  return new Promise((done) =>
    server.listen(0, host, () => done(`http://${host}:${(server.address() as AddressInfo).port}`)),
  );
}

const close = (server: Server) =>
  new Promise<void>((done) => {
    server.closeAllConnections();
    server.close(() => done());
  });

/** The file a path names under one of BASES, or undefined. */
function fileOf(pathname: string): string | undefined {
  for (const [prefix, base] of BASES) {
    if (!pathname.startsWith(prefix)) continue;
    const file = resolve(base, decodeURIComponent(pathname.slice(prefix.length)));
    return file.startsWith(base) ? file : undefined;
  }
  return undefined;
}

/** The shop, on `localhost` (another origin than the platform's 127.0.0.1). */
export async function startShop(platform: string) {
  const endpoints = `svc.setEndpoints(${JSON.stringify({
    recs: platform,
    experiences: platform,
    stash: platform,
    events: platform,
    integrations: platform,
  })});`;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/__platform.js') {
      res.writeHead(200, { 'Content-Type': TYPES['.js'], 'Cache-Control': 'no-store' }).end(endpoints);
      return;
    }
    if (url.pathname === '/__engines_blank') {
      res.writeHead(200, { 'Content-Type': TYPES['.html'] }).end('<!doctype html><title>blank</title>');
      return;
    }
    const render = await rendered(url.pathname);
    const file = render ? url.pathname : fileOf(url.pathname);
    let body: Buffer | string;
    try {
      body = render ? await render() : await readFile(file ?? '');
    } catch (error) {
      res.writeHead(render ? 500 : 404).end(render ? String(error) : 'not found');
      return;
    }
    if (extname(file!) === '.html')
      body = body
        .toString()
        .replaceAll('{{PLATFORM}}', platform)
        .replaceAll('{{TID}}', url.searchParams.get('tid') ?? 'e2e_shop')
        .replace(/<script src="\/dist\/svc\.min\.js"([^>]*)><\/script>/, (_tag, attributes: string) => {
          // The tracker of the tag starts with it: its events endpoint is the tag's.
          const endpoint = attributes.includes('data-endpoint') ? '' : ` data-endpoint="${platform}"`;
          return `<script src="/dist/svc.min.js"${attributes}${endpoint}></script><script src="/__platform.js"></script>`;
        });
    const own = render ? { 'Content-Security-Policy': STRICT_CSP } : PAGE_HEADERS[url.pathname];
    const extra = Object.entries(own ?? {}).map(([name, value]) => [name, value.replaceAll('{{PLATFORM}}', platform)]);
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file!)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
      ...Object.fromEntries(extra),
    });
    res.end(body);
  });
  const url = await listen(server, 'localhost');
  return { url, close: () => close(server) };
}

/** One request the platform's front saw. */
export interface Seen {
  method: string;
  path: string;
  /** The query, as sent (`?...`, or empty). */
  search: string;
  gzip: boolean;
  /** Events in the body of a batch (`{"events": [...]}`, gzip or not); 0 for other requests. */
  events: number;
  /** The page views whose events the batch carries (`meta.pageViewId`). */
  pageViews: string[];
  /** The ids of the events the batch carries (`meta.id`), in order. */
  ids: string[];
  /** The answer's status; `'reset'` while unreachable; `'pending'` until the answer comes. */
  status: number | 'reset' | 'pending';
}

/** How many events a batch body holds, and of which page views (none when it is no batch). */
function readBatch(body: Buffer, gzip: boolean): Pick<Seen, 'events' | 'pageViews' | 'ids'> {
  try {
    const { events } = JSON.parse((gzip ? gunzipSync(body) : body).toString()) as {
      events: { meta: { id: string; pageViewId: string } }[];
    };
    return {
      events: events.length,
      pageViews: [...new Set(events.map((e) => e.meta.pageViewId))],
      ids: events.map((e) => e.meta.id),
    };
  } catch {
    return { events: 0, pageViews: [], ids: [] };
  }
}

/** The platform's front: a recording proxy to `mock`, on 127.0.0.1. */
export async function startFront(mock: string) {
  const seen: Seen[] = [];
  const state = { unreachable: false };
  const target = new URL(mock);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', mock);
    const entry: Seen = {
      method: req.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      gzip: url.searchParams.get('encoding') === 'gzip',
      events: 0,
      pageViews: [],
      ids: [],
      status: 'pending',
    };
    seen.push(entry);
    if (state.unreachable) {
      entry.status = 'reset';
      req.socket.destroy();
      return;
    }
    if (url.pathname === '/elsewhere') {
      entry.status = 200;
      res.writeHead(200, { 'Content-Type': TYPES['.html'] }).end('<!doctype html><title>another site</title>');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      Object.assign(entry, readBatch(body, entry.gzip));
      const headers = { ...req.headers, host: target.host };
      const outgoing = request(url, { method: req.method, headers }, (incoming) => {
        entry.status = incoming.statusCode ?? 0;
        res.writeHead(entry.status, incoming.headers);
        incoming.pipe(res);
      });
      outgoing.on('error', () => res.destroy());
      outgoing.end(body);
    });
  });
  const url = await listen(server, '127.0.0.1');
  return { url, seen, state, close: () => close(server) };
}
