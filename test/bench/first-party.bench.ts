import { chromium, type Route } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/browser';
import { startShop } from '../e2e/first-party-shop';
import { kill9, startServer } from '../mock/server/child';
import { interleaved, percentile, type Row, round } from './types';

// Issue 57's two measures. (1) Blocked or not: uBlock Origin's own filtering engine
// (@gorhill/ubo-core) with rules in EasyPrivacy's forms decides, through Playwright's routing, which
// of the page's requests a blocker drops; of 100 events emitted, how many reach `svc-mock serve`
// with the platform as a third party, and how many through the shop's platform route. (2) The
// route's cost per request on Node: an events batch direct to `svc-mock serve`, against the same
// batch through the route (its handler called in-process, and over node:http), p50 and p95.

/**
 * The blocker's rules, each in a form EasyPrivacy uses:
 * - `||host^$third-party`: easyprivacy_thirdparty.txt, tracking hosts blocked on other sites' pages;
 * - `||host^`: easyprivacy_trackingservers.txt, tracking servers blocked everywhere;
 * - `/collect?`, `/beacon/`, `/track/`, `/analytics/`: easyprivacy_general.txt, generic path rules
 *   matched on any host, first-party included.
 */
const RULES = [
  '||svc.example^$third-party',
  '||events.svc.example^$third-party',
  '||recs.svc.example^',
  '/collect?',
  '/beacon/',
  '/track/',
  '/analytics/',
].join('\n');

const EVENTS = 100;
const HOST = 'www.shop.example.co.uk';
const ROUNDS = 400;
const WARMUP = 50;

interface Filter {
  matchRequest(details: { originURL: string; url: string; type: string }): number;
}

async function blocker(): Promise<Filter> {
  const { StaticNetFilteringEngine } = await import('@gorhill/ubo-core');
  const engine = await StaticNetFilteringEngine.create();
  await engine.useLists([{ name: 'easyprivacy-forms', raw: RULES }]);
  return engine;
}

/** Events of `visitorId` that `svc-mock serve` at `mock` received. */
async function arrived(mock: string, visitorId: string): Promise<number> {
  const events = (await (await fetch(`${mock}/__svc/inspect/events/received/demo_shop`)).json()) as {
    meta: { visitorId: string };
  }[];
  return events.filter((event) => event.meta.visitorId === visitorId).length;
}

/** Emits EVENTS events from a page of `path` and counts those that arrive, the blocker in front. */
async function emitThrough(origin: string, path: string, mock: string, filter: Filter, mapping: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, mapping] });
  try {
    const context = await browser.newContext();
    let blocked = 0;
    await context.route('**/*', (route: Route) => {
      const request = route.request();
      const type = request.resourceType() === 'document' ? 'main_frame' : 'xmlhttprequest';
      if (filter.matchRequest({ originURL: origin, url: request.url(), type }) !== 0) {
        blocked++;
        return route.abort('blockedbyclient');
      }
      return route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${origin}${path}`);
    const visitorId = await page.evaluate(async (count) => {
      type Tracker = { emit(type: string, data: object): void; flush(): Promise<void>; visitorId: string };
      const tracker = (window as unknown as { svc: { tracker: Tracker } }).svc.tracker;
      for (let i = 0; i < count; i++)
        tracker.emit('ecProduct', { eventType: 'detail', product: { productId: `p${i}` } });
      await tracker.flush().catch(() => undefined);
      return tracker.visitorId;
    }, EVENTS);
    // What a retry could still bring: the tracker's first backoff is well under this.
    await page.waitForTimeout(2000);
    return { arrived: await arrived(mock, visitorId), blocked };
  } finally {
    await browser.close();
  }
}

/** An ecView batch of one event, unique id per call (the platform deduplicates by id). */
let sequence = 0;
const batch = () =>
  JSON.stringify({
    sentAt: Date.now(),
    events: [
      {
        meta: {
          id: `fp-${sequence++}`,
          type: 'ecView',
          ts: Date.now(),
          visitorId: 'bench',
          pageViewId: 'pv',
          seq: 1,
          url: '/',
        },
        data: { type: 'home', language: 'en', country: 'GB', currency: 'GBP' },
      },
    ],
  });

async function routeCost(mock: string, shopPort: number): Promise<Row[]> {
  const { createPlatformRoute } = await import('@svc/proxy');
  const route = createPlatformRoute({ upstream: mock });
  const init = () => ({ method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: batch() });
  const expectAccepted = async (response: Response) => {
    if (((await response.json()) as { accepted?: number }).accepted !== 1) throw new Error('batch not accepted');
  };
  const [direct, inProcess, overHttp] = await interleaved(
    [
      async () => expectAccepted(await fetch(`${mock}/events/v1/demo_shop`, init())),
      async () => expectAccepted(await route(new Request(`https://${HOST}/svc/events/v1/demo_shop`, init()))),
      async () => expectAccepted(await fetch(`http://127.0.0.1:${shopPort}/svc/events/v1/demo_shop`, init())),
    ],
    ROUNDS,
    WARMUP,
  );
  const note = `one event per batch, ${ROUNDS} rounds interleaved after ${WARMUP} unrecorded, Node ${process.versions.node}`;
  const rows: Row[] = [];
  for (const [label, samples] of [
    ['direct to svc-mock serve', direct],
    ['through the route, handler in-process', inProcess],
    ['through the route over node:http (node-fetch-server)', overHttp],
  ] as const) {
    for (const p of [50, 95])
      rows.push({
        bench: 'first-party',
        metric: `${label}, p${p}`,
        value: round(percentile(samples, p)),
        unit: 'ms',
        note,
      });
  }
  for (const p of [50, 95])
    rows.push({
      bench: 'first-party',
      metric: `the route's cost per request (in-process less direct), p${p}`,
      value: round(percentile(inProcess, p) - percentile(direct, p)),
      unit: 'ms',
      note: 'aim at p50: at most 1 ms',
    });
  return rows;
}

export default async function (): Promise<Row[]> {
  const mock = await startServer([]);
  const shop = await startShop(mock.url);
  try {
    const filter = await blocker();
    const mockPort = new URL(mock.url).port;
    const shopOrigin = `http://${HOST}:${shop.port}`;
    // The platform as a third party: the same page, its events sent to events.svc.example (the mock).
    const third = await emitThrough(
      shopOrigin,
      `/direct?events=http://events.svc.example:${mockPort}`,
      mock.url,
      filter,
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1, MAP events.svc.example 127.0.0.1`,
    );
    const first = await emitThrough(
      shopOrigin,
      '/product/p1',
      mock.url,
      filter,
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
    );
    const note = `uBlock Origin's engine (@gorhill/ubo-core) with ${RULES.split('\n').length} rules in EasyPrivacy's forms`;
    return [
      {
        bench: 'first-party',
        metric: `events arriving of ${EVENTS}, the platform a third party`,
        value: third.arrived,
        unit: 'events',
        note: `${note}; ${third.blocked} requests blocked`,
      },
      {
        bench: 'first-party',
        metric: `events arriving of ${EVENTS}, through the route`,
        value: first.arrived,
        unit: 'events',
        note: `${note}; ${first.blocked} requests blocked`,
      },
      ...(await routeCost(mock.url, shop.port)),
    ];
  } finally {
    await shop.close();
    await kill9(mock.process);
  }
}
