import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/browser';
import { launchPlainChromium, type PlainChromium, type Session } from './plain-chromium';
import { snowplowBundle } from './snowplow';
import { median, type Row, round } from './types';

// What a script tag costs a shop's page at load, ours against Segment's and Snowplow's, in
// Chromium with the CPU slowed 4x (CDP `Emulation.setCPUThrottlingRate`, set on the page's
// CDPSession before it navigates: about a mid-range phone).
//
// Six pages, each the same HTML shell, differing only by their tag, each recording one page view:
// - baseline: the shell alone, no script;
// - ours: `<script src="/svc.min.js" data-tracking-id data-endpoint>` (dist/svc.min.js), then the
//   page view as docs/storefront.md records one, `svc.tracker.emit('ecView', ...)`, and
//   `svc.setEndpoints({ recs })` (the element's platform; the tracker's is its `data-endpoint`);
// - ours + one `<svc-recommendations limit="10">` with a card template (a link, a name, a price):
//   the platform answers 10 items, and the page must show 10 cards;
// - the same element page again (A/A), loaded as a page of its own in every round: its extra over the
//   tag alone, beside the first one's, says how much the 15-round median of that extra moves with no
//   change of code, the finest difference the element's row can show;
// - Segment: analytics.js as Segment's snippet loads it (a queue of calls, the standalone build of
//   @segment/analytics-next, dist/umd/standalone.js, inserted as an async script, then
//   `analytics.page()`), with the snippet's `_cdn` (Segment's documented proxy setting) naming the
//   collector, which serves the settings (`/v1/projects/<writeKey>/settings`: Segment.io alone, no
//   destinations, no middleware, metrics off) and any bundle it asks for; the settings' `apiHost`
//   sends the page call to the collector too;
// - Snowplow: its browser tracker as the Snowplow bench bundles it (esbuild, test/bench/snowplow.ts:
//   newTracker and trackPageView), `newTracker` with its defaults, then `trackPageView()`.
// Every script is served from the page's origin (http://127.0.0.1:<port>); every request a script
// makes goes to the collector, another origin and site (http://localhost:<port>), as a shop's page
// calls a platform. The collector answers our events endpoint (PROTOCOL.md: POST
// /events/v1/<trackingId>) and recommendations, Segment's settings, bundles and tracking API, and
// Snowplow's collector paths. Any request to another host fails the run (Chromium resolves no
// other host, and the bench fails on any request it does not answer), so no figure hides a request
// that went nowhere.
//
// Each load is a fresh browser context (empty cache, cookies and storage: a first visit), in a
// browser launched with the browser tests' flags (scripts/chromium.mjs), whose new windows do not load
// the address bar's WebUI popup in a renderer that would compete with the page for the cores. Each
// page loads in two such browsers, one after the other in every round: one that Playwright drives,
// with the DevTools domains Playwright turns on for its own use (Runtime, Network, Log), and one
// where the bench's CDP session is the only client and turns on only what it measures with
// (plain-chromium.ts), as in a shopper's browser. Each has rows of its own. A
// load's window: navigation, the page's `load` event, the collector holding that load's page view (each
// load's URL carries its number, read back from the page view's URL), then SETTLE_MS more. At its
// end, CDP `Performance.getMetrics`: ScriptDuration (JavaScript run on the page's main thread,
// compiling included) and TaskDuration (every task: parsing, style, layout, script, GC), both in
// the main thread's CPU time (`Performance.enable` with `timeDomain: 'threadTicks'`): the CPU
// throttling is counted (Chromium's throttler keeps the thread busy), the time other processes of
// the machine take from it is not, so a loaded machine gives the figures of an idle one. A page's
// cost is its figure minus the baseline page's of the same round (which carries the shell and
// the bench's own observers), so it is what the tag alone adds. With the element, the window also
// holds the recommendations request and the 10 cards' rendering (checked: 10 cards shown), and
// may hold their impressions (a card is reported after a second in view): the element's row says
// in how many loads it did, and the extra time of those loads and of the others.
//
// The longest task, two ways, from observers that `page.addInitScript` installs before the page's
// first byte (`buffered: true`), read at the end of the window:
// - the page's: the Long Tasks API (`longtask` entries, every task of 50 ms and more; 0 when none).
//   It names no script, and the blank page has one now and then (its parsing, at 4x on a busy machine);
// - the tag's: the Long Animation Frames API names the script behind each run (an entry point: a
//   script's evaluation, a callback) of over 5 ms in a frame of over 50 ms (`scripts[].sourceURL`
//   and `duration`). A run whose script comes from the page's origin is the tag's: its file, its
//   inline page view, any callback they set (the bench serves nothing else there, and its own
//   observers have no URL). The tag's longest run of 50 ms or more is a long task of the tag's (0
//   when none).
//
// Rounds interleave the pages, the order rotated each round (the baseline is in every round); one
// warm-up round first (a load of each page), not recorded. Medians and min-max over ROUNDS; gzip -9
// of each file served.

const ROUNDS = 15;
/** Rounds loaded first and not recorded. */
const WARMUP = 1;
const CPU_SLOWDOWN = 4;
/** A task this long or longer is a long task (the Long Tasks API's threshold). */
const LONG_TASK_MS = 50;
const CARDS = 10;
const TID = 'bench';
const WRITE_KEY = 'bench';
/** After the page view arrived: the page's answers handled, its timers of the moment run. */
const SETTLE_MS = 300;
/** One page load, from the new context to its figures; beyond it the run fails naming the page. */
const LOAD_TIMEOUT_MS = 20_000;
/** Our tracker sends a page's first events 1 s after them (`batchDelay`): the page view arrives by then. */
const PAGE_VIEW_TIMEOUT_MS = 8_000;

// The two element pages three places apart, so that each goes first in half of the rounds.
const KINDS = ['baseline', 'ours', 'element', 'segment', 'snowplow', 'elementAgain'] as const;
type Kind = (typeof KINDS)[number];
type Tag = Exclude<Kind, 'baseline'>;
/** The element's two pages: the element's row, and its A/A. */
const ELEMENT_PAGES: readonly Kind[] = ['element', 'elementAgain'];
/** The tags with rows of their own (the A/A page has only its extra). */
const TIMED = ['ours', 'element', 'segment', 'snowplow'] as const;
type Timed = (typeof TIMED)[number];
/** The scripts the bench serves, one file each (both element pages load ours). */
type Served = 'ours' | 'segment' | 'snowplow';

const SEGMENT_DIR = join('node_modules', '@segment', 'analytics-next', 'dist', 'umd');
const version = (name: string) =>
  (JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

const ITEMS = Array.from({ length: CARDS }, (_, i) => ({
  id: `p${i}`,
  weight: 1 - i / 20,
  strategy: 'popular',
  details: { name: `Product ${i}`, url: `/p/p${i}`, unit_price: 10 + i },
}));
const RECS = JSON.stringify({ status: 200, result: { items: ITEMS } });

/** Segment's settings for a source with no destination: the Segment.io integration alone, sending to `api`. */
const segmentSettings = (api: URL) =>
  JSON.stringify({
    integrations: {
      'Segment.io': { apiKey: WRITE_KEY, apiHost: `${api.host}/v1`, protocol: 'http', addBundledMetadata: true },
    },
    plan: {},
    edgeFunction: {},
    analyticsNextEnabled: true,
    middlewareSettings: {},
    enabledMiddleware: {},
    metrics: { sampleRate: 0 },
    legacyVideoPluginsEnabled: false,
    remotePlugins: [],
  });

/** The page: one shell for all, `head` the tag (and its page view), `body` after the page's text. */
const shell = (head: string, body = '') =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Product</title>' +
  `${head}</head><body><h1>Product</h1><p>A product page of a shop.</p>${body}</body></html>`;

const OURS = (collector: string) =>
  `<script src="/svc.min.js" data-tracking-id="${TID}" data-endpoint="${collector}"></script><script>
    svc.setEndpoints({ recs: '${collector}' });
    svc.tracker.emit('ecView', { type: 'product', language: 'en', country: 'GB', currency: 'GBP' });
  </script>`;

const ELEMENT =
  `<svc-recommendations limit="${CARDS}"><template>` +
  '<a class="card" data-svc-href="url">' +
  '<span data-svc-field="name"></span> <span data-svc-field="unit_price"></span>' +
  '</a>' +
  '</template></svc-recommendations>';

/**
 * Segment's snippet (5.2.1), its steps written out: a queue standing in for `window.analytics`
 * (each method pushes its call, with the page's context for the calls that record one), the
 * script inserted as an async script, the write key, and `_cdn` for the settings and bundles.
 */
const SEGMENT = (collector: string) => `<script>
  (function () {
    var analytics = (window.analytics = window.analytics || []);
    if (analytics.initialize || analytics.invoked) return;
    analytics.invoked = true;
    analytics.methods = ['trackSubmit', 'trackClick', 'trackLink', 'trackForm', 'pageview', 'identify', 'reset',
      'group', 'track', 'ready', 'alias', 'debug', 'page', 'screen', 'once', 'off', 'on', 'addSourceMiddleware',
      'addIntegrationMiddleware', 'setAnonymousId', 'addDestinationMiddleware', 'register'];
    analytics.factory = function (method) {
      return function () {
        if (window.analytics.initialized) return window.analytics[method].apply(window.analytics, arguments);
        var args = Array.prototype.slice.call(arguments);
        if (['track', 'screen', 'alias', 'group', 'page', 'identify'].indexOf(method) > -1) {
          var canonical = document.querySelector("link[rel='canonical']");
          args.push({ __t: 'bpc', c: (canonical && canonical.getAttribute('href')) || undefined, p: location.pathname,
            u: location.href, s: location.search, t: document.title, r: document.referrer });
        }
        args.unshift(method);
        analytics.push(args);
        return analytics;
      };
    };
    for (var i = 0; i < analytics.methods.length; i++) {
      analytics[analytics.methods[i]] = analytics.factory(analytics.methods[i]);
    }
    analytics.load = function (key, options) {
      var script = document.createElement('script');
      script.type = 'text/javascript';
      script.async = true;
      script.setAttribute('data-global-segment-analytics-key', 'analytics');
      script.src = '/analytics.js/v1/' + key + '/analytics.min.js';
      var first = document.getElementsByTagName('script')[0];
      first.parentNode.insertBefore(script, first);
      analytics._loadOptions = options;
    };
    analytics._writeKey = '${WRITE_KEY}';
    analytics._cdn = '${collector}';
    analytics.SNIPPET_VERSION = '5.2.1';
    analytics.load('${WRITE_KEY}');
    analytics.page();
  })();
</script>`;

const SNOWPLOW = (collector: string) => `<script src="/snowplow.js"></script><script>
    snowplow.newTracker('sp', '${collector}', { appId: '${TID}' });
    snowplow.trackPageView();
  </script>`;

const pageOf = (kind: Kind, collector: string) => {
  if (kind === 'ours') return shell(OURS(collector));
  if (ELEMENT_PAGES.includes(kind)) return shell(OURS(collector), ELEMENT);
  if (kind === 'segment') return shell(SEGMENT(collector));
  if (kind === 'snowplow') return shell(SNOWPLOW(collector));
  return shell('');
};

/**
 * Installed before the page's first byte: `window.benchLongTasks` lists the durations (ms) of the
 * page's long tasks, `window.benchTagRuns` those of the script runs of the page's own origin (its
 * tag: the script file, the inline script that records the page view, any callback they set) that
 * Chromium names in its long animation frames (it names each run over 5 ms of a frame over 50 ms).
 * A string, as the functions tsx compiles call a helper the page does not have.
 */
const WATCH_LONG_TASKS = `
  window.benchLongTasks = [];
  window.benchTagRuns = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries())
      for (const script of frame.scripts)
        if (script.sourceURL.startsWith(location.origin + '/')) window.benchTagRuns.push(script.duration);
  }).observe({ type: 'long-animation-frame', buffered: true });`;

/** The `load` query parameter of a page's URL: the number of the load a page view came from. */
const loadOf = (url: unknown) => {
  try {
    return new URL(String(url)).searchParams.get('load');
  } catch {
    return null;
  }
};

/**
 * A tracker's request to the collector, read by whose protocol it is: how many events it carries,
 * and the load numbers of its page views. Undefined: not a tracker's request.
 */
function trackerCall(path: string, query: URLSearchParams, body: Buffer) {
  const read = <T>(events: T[], isView: (event: T) => boolean, url: (event: T) => unknown) => ({
    events: events.length,
    views: events.filter(isView).map((event) => loadOf(url(event))),
  });
  if (path === `/events/v1/${TID}`) {
    const text = (query.get('encoding') === 'gzip' ? gunzipSync(body) : body).toString('utf8');
    const { events } = JSON.parse(text) as { events: { meta: { type: string; url: string } }[] };
    return read(
      events,
      (e) => e.meta.type === 'ecView',
      (e) => e.meta.url,
    );
  }
  if (path.startsWith('/v1/') && !path.startsWith('/v1/projects/')) {
    const call = JSON.parse(body.toString('utf8')) as SegmentCall & { batch?: SegmentCall[] };
    return read(
      call.batch ?? [call],
      (c) => c.type === 'page',
      (c) => c.context?.page?.url,
    );
  }
  if (path === '/com.snowplowanalytics.snowplow/tp2') {
    const { data } = JSON.parse(body.toString('utf8')) as { data: { e: string; url: string }[] };
    return read(
      data,
      (e) => e.e === 'pv',
      (e) => e.url,
    );
  }
  if (path === '/i')
    return read(
      [query],
      (q) => q.get('e') === 'pv',
      (q) => q.get('url'),
    );
  return undefined;
}
type SegmentCall = { type: string; context?: { page?: { url?: string } } };

/** The servers' state: which loads' page views arrived, what Segment fetched, what nobody answers. */
interface Seen {
  pageViews: Set<string>;
  bundles: Set<string>;
  unanswered: string[];
  failures: string[];
}

function handler(scripts: Record<string, Buffer | Uint8Array>, seen: Seen, collector: () => string) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://bench');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const cors = {
      'Access-Control-Allow-Origin': request.headers.origin ?? '*',
      'Access-Control-Allow-Credentials': 'true',
      // What the preflight asks for: Segment's tracking API allows its Authorization header.
      'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? 'content-type',
      'Access-Control-Allow-Methods': 'GET, POST',
      'Cache-Control': 'no-store',
    };
    if (request.method === 'OPTIONS') return response.writeHead(204, cors).end();
    const script = scripts[url.pathname];
    if (script) return response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    const kind = url.pathname.slice('/page/'.length) as Kind;
    if (url.pathname.startsWith('/page/') && KINDS.includes(kind))
      return response.writeHead(200, { 'Content-Type': 'text/html', ...cors }).end(pageOf(kind, collector()));
    if (url.pathname === `/v1/projects/${WRITE_KEY}/settings`)
      return response
        .writeHead(200, { ...cors, 'Content-Type': 'application/json' })
        .end(segmentSettings(new URL(collector())));
    if (url.pathname.startsWith('/analytics-next/bundles/')) {
      const file = join(SEGMENT_DIR, url.pathname.slice('/analytics-next/bundles/'.length).replace(/[/\\]/g, ''));
      if (existsSync(file)) {
        seen.bundles.add(url.pathname);
        return response.writeHead(200, { ...cors, 'Content-Type': 'text/javascript' }).end(readFileSync(file));
      }
    }
    if (url.pathname === `/vc/recommend/2.1/${TID}`)
      return response.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(RECS);
    let call: ReturnType<typeof trackerCall>;
    try {
      call = trackerCall(url.pathname, url.searchParams, body);
    } catch (error) {
      seen.failures.push(`${request.method} ${url.pathname}: ${(error as Error).message}`);
      return response.writeHead(400, cors).end();
    }
    if (call) {
      for (const load of call.views) if (load) seen.pageViews.add(load);
      if (url.pathname.startsWith('/events/'))
        return response
          .writeHead(200, { ...cors, 'Content-Type': 'application/json' })
          .end(JSON.stringify({ status: 200, accepted: call.events, duplicates: 0 }));
      return response.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end('{"success":true}');
    }
    if (url.pathname !== '/favicon.ico') seen.unanswered.push(`${request.method} ${url.pathname}`);
    return response.writeHead(404, cors).end();
  };
}

const listen = async (handle: ReturnType<typeof handler>) => {
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
};

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rejects with `message` after `ms` unless `work` settles first. */
async function within<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The two browsers every page loads in: `devtools`, driven by Playwright, which enables DevTools'
 * Runtime, Network and Log domains on the page, as DevTools does when it is open; `plain`, where the
 * bench's session enables only what it measures with (plain-chromium.ts), as in a shopper's browser.
 */
const BROWSERS = ['devtools', 'plain'] as const;
type BrowserKind = (typeof BROWSERS)[number];

/** A page to measure: the bench's CDP session on it, how it goes to a URL until `load`, how it closes. */
interface Measured {
  session: Session;
  goto(url: string): Promise<void>;
  close(): Promise<void>;
}

/** What the page says at the end of its window. */
interface PageState {
  longTasks: number[];
  tagRuns: number[];
  cards: number;
  shown: number;
}

/**
 * The page's state, as an expression `Runtime.evaluate` runs (a string: see WATCH_LONG_TASKS).
 * `shown`: the cards reported shown so far, read from the QA channel's records (core's
 * qa-channel.ts), which every page of ours keeps: reading them at the end adds no work to the load.
 */
const READ_STATE = `({
  longTasks: window.benchLongTasks,
  tagRuns: window.benchTagRuns,
  cards: document.querySelectorAll('svc-recommendations [data-svc-item]').length,
  shown: (globalThis[Symbol.for('svc.qa')]?.records ?? [])
    .filter((record) => record.area === 'impression' && record.state === 'shown').length,
})`;

/** What one page load cost, at the end of its window. */
interface Load {
  /** ScriptDuration, ms. */
  script: number;
  /** TaskDuration, ms. */
  task: number;
  /** The longest task of 50 ms or more, ms; 0 without one. */
  longest: number;
  /** The longest run of the tag's scripts of 50 ms or more (a long task of the tag's), ms; 0 without one. */
  longestOfTag: number;
  /** Cards reported shown (their impressions emitted) within the window. */
  shown: number;
}

export default async function (): Promise<Row[]> {
  const segmentFile = join(SEGMENT_DIR, 'standalone.js');
  if (!existsSync(segmentFile)) throw new Error(`${segmentFile} is missing: run npm ci (@segment/analytics-next)`);
  const files: Record<Served, Buffer | Uint8Array> = {
    ours: readFileSync('dist/svc.min.js'),
    segment: readFileSync(segmentFile),
    snowplow: await snowplowBundle(['newTracker', 'trackPageView']),
  };
  const scripts = {
    '/svc.min.js': files.ours,
    [`/analytics.js/v1/${WRITE_KEY}/analytics.min.js`]: files.segment,
    '/snowplow.js': files.snowplow,
  };
  const seen: Seen = { pageViews: new Set(), bundles: new Set(), unanswered: [], failures: [] };
  let collectorOrigin = '';
  const handle = handler(scripts, seen, () => collectorOrigin);
  const pages = await listen(handle);
  const platform = await listen(handle);
  const pageOrigin = `http://127.0.0.1:${pages.port}`;
  collectorOrigin = `http://localhost:${platform.port}`;
  // No host but the two origins resolves: a request that would leave the machine fails at once.
  const args = [...chromiumArgs, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'];
  let browser: Browser | undefined;
  let plain: PlainChromium | undefined;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args });
    const open = browser;
    plain = await launchPlainChromium(chromiumPath, args);
    const plainBrowser = plain;
    let loads = 0;
    const outside: string[] = [];

    /** A page in a fresh context of the browser Playwright drives (Playwright's DevTools domains on). */
    const openInPlaywright = async (kind: Kind): Promise<Measured> => {
      const context = await open.newContext();
      context.on('request', (request) => {
        const { origin } = new URL(request.url());
        if (origin !== pageOrigin && origin !== collectorOrigin) outside.push(`${kind}: ${request.url()}`);
      });
      try {
        const page = await context.newPage();
        await page.addInitScript({ content: WATCH_LONG_TASKS });
        const cdp = await context.newCDPSession(page);
        const session: Session = {
          send: (method, params) => cdp.send(method as never, params as never) as Promise<never>,
          once: (event) => new Promise((resolve) => cdp.once(event as never, resolve as never)),
        };
        const goto = async (url: string) => {
          await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
        };
        return { session, goto, close: () => context.close() };
      } catch (error) {
        await context.close();
        throw error;
      }
    };

    /**
     * A page in a fresh context of the plain browser: no DevTools domain on but the bench's own (its
     * other hosts fail to resolve as in Playwright's, and the same pages, run in Playwright, check that
     * no request leaves the two origins).
     */
    const openPlain = async (kind: Kind): Promise<Measured> => {
      const { session, close } = await plainBrowser.newPage();
      try {
        await session.send('Page.enable');
        await session.send('Page.addScriptToEvaluateOnNewDocument', { source: WATCH_LONG_TASKS });
        const goto = async (url: string) => {
          const loaded = session.once('Page.loadEventFired');
          await session.send('Page.navigate', { url });
          await within(loaded, LOAD_TIMEOUT_MS, `${kind}: no load event within ${LOAD_TIMEOUT_MS} ms (${url})`);
        };
        return { session, goto, close };
      } catch (error) {
        await close();
        throw error;
      }
    };

    const measure = async (browserKind: BrowserKind, kind: Kind): Promise<Load> => {
      const n = String(++loads);
      const { session, goto, close } = await (browserKind === 'devtools' ? openInPlaywright(kind) : openPlain(kind));
      try {
        await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await session.send('Performance.enable', { timeDomain: 'threadTicks' });
        await goto(`${pageOrigin}/page/${kind}?load=${n}`);
        if (kind !== 'baseline') {
          const end = Date.now() + PAGE_VIEW_TIMEOUT_MS;
          while (!seen.pageViews.has(n) && Date.now() < end) await sleep(10);
          if (!seen.pageViews.has(n))
            throw new Error(
              `${kind}: the page view of load ${n} did not reach the collector within ${PAGE_VIEW_TIMEOUT_MS} ms` +
                (seen.failures.length ? ` (${seen.failures.join('; ')})` : ''),
            );
        }
        await sleep(SETTLE_MS);
        const { metrics } = await session.send<{ metrics: { name: string; value: number }[] }>(
          'Performance.getMetrics',
        );
        const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
        const { result } = await session.send<{ result: { value: PageState } }>('Runtime.evaluate', {
          expression: READ_STATE,
          returnByValue: true,
        });
        const state = result.value;
        if (ELEMENT_PAGES.includes(kind) && state.cards !== CARDS)
          throw new Error(`${kind}: ${state.cards} cards shown of ${CARDS} (load ${n}, ${browserKind})`);
        if (outside.length) throw new Error(`a request left the bench's servers: ${outside.join(', ')}`);
        return {
          script: metric('ScriptDuration'),
          task: metric('TaskDuration'),
          longest: Math.max(0, ...state.longTasks),
          longestOfTag: Math.max(0, ...state.tagRuns.filter((ms) => ms >= LONG_TASK_MS)),
          shown: state.shown,
        };
      } finally {
        await close();
      }
    };

    const samples = {
      devtools: Object.fromEntries(KINDS.map((kind) => [kind, [] as Load[]])) as Record<Kind, Load[]>,
      plain: Object.fromEntries(KINDS.map((kind) => [kind, [] as Load[]])) as Record<Kind, Load[]>,
    };
    for (let r = 0; r < WARMUP + ROUNDS; r++) {
      for (let k = 0; k < KINDS.length; k++) {
        const kind = KINDS[(r + k) % KINDS.length]; // each page goes first in turn
        // Each page in both browsers, one after the other, the first in turn.
        for (const browserKind of r % 2 ? BROWSERS : [...BROWSERS].reverse()) {
          const load = await within(
            measure(browserKind, kind),
            LOAD_TIMEOUT_MS + PAGE_VIEW_TIMEOUT_MS,
            `${kind}: a page load took over ${(LOAD_TIMEOUT_MS + PAGE_VIEW_TIMEOUT_MS) / 1000} s (${browserKind})`,
          );
          if (r >= WARMUP) samples[browserKind][kind].push(load);
        }
      }
    }
    if (seen.unanswered.length) throw new Error(`requests the bench does not answer: ${seen.unanswered.join(', ')}`);
    return [
      ...sizeRows(files, [...seen.bundles]),
      ...rows(samples.devtools, 'devtools'),
      ...rows(samples.plain, 'plain'),
    ];
  } finally {
    await browser?.close();
    await plain?.close();
    await Promise.all([close(pages.server), close(platform.server)]);
  }
}

const BENCH = `load cost (Chromium, ${CPU_SLOWDOWN}x CPU throttle)`;

/** How the rows name each tag. */
const NAMES: Record<Timed, string> = {
  ours: 'svc.min.js',
  element: 'svc.min.js + <svc-recommendations> (10 cards)',
  segment: `Segment analytics.js ${version('@segment/analytics-next')} (standalone, no destinations)`,
  snowplow: `Snowplow browser tracker ${version('@snowplow/browser-tracker')} (esbuild bundle)`,
};

/** What the rows of each browser say of it: Playwright's rows keep their names; the plain browser's say so. */
const IN_BROWSER: Record<BrowserKind, string> = {
  devtools: '',
  plain: ", in a browser no DevTools client instruments (a shopper's)",
};

/** A figure of ours beside a peer's, for the side-by-side table. */
const versus = (ours: number, peer: number, peerName: string) => ({
  ours: round(ours, 1),
  peer: round(peer, 1),
  peerName,
  ratio: round(ours / peer, 3),
});

/** The size of each script served. */
function sizeRows(files: Record<Served, Buffer | Uint8Array>, bundles: string[]): Row[] {
  const gzip = (tag: Served) => gzipSync(files[tag], { level: 9 }).length;
  return (['ours', 'segment', 'snowplow'] as const).map((tag) => ({
    bench: BENCH,
    metric: `gzip -9 of the script served: ${NAMES[tag]}`,
    value: gzip(tag),
    unit: 'B',
    note:
      tag === 'segment'
        ? `dist/umd/standalone.js; bundles it fetched at load: ${bundles.length ? bundles.join(', ') : 'none'}`
        : tag === 'ours'
          ? 'dist/svc.min.js, the element included'
          : 'newTracker and trackPageView, minified',
    ...(tag === 'ours' && { compare: versus(gzip('ours'), gzip('segment'), 'Segment') }),
  }));
}

/** One browser's rows: script time net of the baseline, the element's extra, the longest task; ratios to Segment. */
function rows(samples: Record<Kind, Load[]>, browserKind: BrowserKind): Row[] {
  const where = IN_BROWSER[browserKind];
  /** Paired differences, round by round: `kind`'s figure minus `minus`'s. */
  const net = (kind: Tag, key: keyof Load, minus: Kind = 'baseline') =>
    samples[kind].map((load, i) => load[key] - samples[minus][i][key]);
  const spread = (values: number[]) => `${round(Math.min(...values), 1)}-${round(Math.max(...values), 1)}`;
  const script = Object.fromEntries(TIMED.map((tag) => [tag, median(net(tag, 'script'))])) as Record<Timed, number>;
  const times: Row[] = TIMED.map((tag) => ({
    bench: BENCH,
    metric: `main-thread script time at load, net of the blank page${where}: ${NAMES[tag]}`,
    value: round(script[tag], 1),
    unit: 'ms',
    note:
      `CDP ScriptDuration (thread CPU time), median of ${ROUNDS} paired rounds (min-max ${spread(net(tag, 'script'))}); ` +
      `TaskDuration net ${round(median(net(tag, 'task')), 1)} ms; the blank page's own ` +
      `${round(median(samples.baseline.map((l) => l.script)), 1)} ms` +
      (tag === 'snowplow' ? `; ${round(script.snowplow / script.segment, 2)}x Segment's` : ''),
    ...((tag === 'ours' || tag === 'element') && { compare: versus(script[tag], script.segment, 'Segment') }),
  }));
  const extra = net('element', 'script', 'ours');
  // The window ends when the page view has arrived: the cards' impressions, a second after they
  // show, fall inside it in some loads and not in others.
  const withImpressions = extra.filter((_, i) => samples.element[i].shown === CARDS);
  const without = extra.filter((_, i) => samples.element[i].shown !== CARDS);
  const part = (values: number[]) => (values.length ? `${round(median(values), 1)} ms` : 'none');
  const element: Row = {
    bench: BENCH,
    metric: `the element's extra script time${where}: <svc-recommendations> with ${CARDS} cards over the tag alone`,
    value: round(median(extra), 1),
    unit: 'ms',
    note:
      `median of the paired differences (min-max ${spread(extra)}); target at most 15 ms; ` +
      `the ${CARDS} impressions inside the window in ${withImpressions.length} of ${ROUNDS} loads ` +
      `(median ${part(withImpressions)}; the others ${part(without)})`,
    compare: versus(script.element, script.ours, 'svc.min.js alone'),
  };
  const extraAgain = net('elementAgain', 'script', 'ours');
  const again: Row = {
    bench: BENCH,
    metric: `the element's extra script time${where}, the same page loaded again in each round (A/A)`,
    value: round(median(extraAgain), 1),
    unit: 'ms',
    note:
      `median of the paired differences (min-max ${spread(extraAgain)}); ` +
      `${round(Math.abs(median(extraAgain) - median(extra)), 1)} ms from the row above with no change of code: ` +
      'how finely that row resolves the element',
  };
  const longest = (kind: Kind, key: 'longest' | 'longestOfTag') => samples[kind].map((load) => load[key]);
  const longTasks: Row[] = TIMED.map((tag) => {
    const ofTag = longest(tag, 'longestOfTag');
    const segment = median(longest('segment', 'longestOfTag'));
    return {
      bench: BENCH,
      metric: `longest task of the tag during load${where}: ${NAMES[tag]}`,
      value: round(median(ofTag), 1),
      unit: 'ms',
      note:
        `the tag's longest script run of ${LONG_TASK_MS} ms or more (Long Animation Frames' script attribution; ` +
        `0: none), median of ${ROUNDS} (min-max ${spread(ofTag)}; loads with one: ` +
        `${ofTag.filter((ms) => ms > 0).length} of ${ROUNDS}); the page's longest task (Long Tasks API) ` +
        `${round(median(longest(tag, 'longest')), 1)} ms (min-max ${spread(longest(tag, 'longest'))}), ` +
        `the blank page's ${spread(longest('baseline', 'longest'))}`,
      ...((tag === 'ours' || tag === 'element') &&
        segment > 0 && { compare: versus(median(ofTag), segment, 'Segment') }),
    };
  });
  return [...times, element, again, ...longTasks];
}
