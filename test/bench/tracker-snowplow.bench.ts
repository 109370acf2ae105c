import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/browser';
import { snowplowBundle } from './snowplow';
import { median, type Row, round } from './types';

// Our tracker (dist/svc.min.js) side by side with Snowplow's browser tracker
// (@snowplow/browser-tracker, bundled here by esbuild into one script), in Chromium, both sending
// to one collector: a node:http server on loopback that answers our events endpoint
// (PROTOCOL.md: POST /events/v1/<trackingId>, gzip with ?encoding=gzip) and Snowplow's
// (POST /com.snowplowanalytics.snowplow/tp2, GET /i), and counts requests, events and bytes of
// each. Each run is a fresh browser context (empty storage) with one tracker on its page.
//
// Snowplow runs with its defaults (POST, bufferSize 1, 40,000-byte batches, localStorage queue of
// 1,000) plus `keepalive: true`, its documented setting for requests that must outlive the page
// (its flush at page exit). Snowplow's esbuild bundle is built in memory at the start. Both trackers emit the same product data: ours as an
// `ecProduct` event, Snowplow's as a self-describing event carrying the same fields.
//
// Two settings, each measured in the same run:
// - cross-origin, what a storefront sees: the page on one origin (http://127.0.0.1:<page port>)
//   loads dist/svc.min.js by its script tag (`data-tracking-id`, `data-endpoint`), and the collector
//   is another origin and site (http://localhost:<collector port>): every request goes through
//   CORS (our simple requests need no preflight, Snowplow's JSON with credentials does);
// - same-origin, the bench's setting before issue 31: page and collector on one origin.
//
// Main-thread time is Chromium's own account of the page's renderer main thread, read over the
// Chrome DevTools Protocol (Playwright's CDPSession): `Performance.getMetrics` ScriptDuration
// (JavaScript execution) before the first emit and after the collector holds every event, minus the
// same loop of tasks on a page without a tracker. TaskDuration (every task: script, style, GC,
// storage) is given in the note.

const EVENTS = 1000;
const ROUNDS = 3;
const TID = 'bench';
const SNOWPLOW_SCHEMA = 'iglu:com.example/product_event/jsonschema/1-0-0';
const product = (i: number) => ({
  eventType: 'detail',
  product: {
    productId: `p${i}`,
    name: 'Blue shirt',
    price: { value: 19.9, currency: 'GBP' },
    categories: ['men', 'shirts'],
  },
});

type Peer = 'ours' | 'snowplow';
/**
 * What a bench page runs: a tracker, nothing (`none`: the chain alone, subtracted), or `requests`:
 * no tracker, only the requests ours makes for the same events (a POST of a 20-event body every 20
 * tasks), to show what Chromium's own request work costs the page whatever sends it.
 */
type PageKind = Peer | 'none' | 'requests';
/** What the bench page exposes, whichever tracker runs on it. */
type Bench = { bench: { emit(data: object): void; flush(): void } };
/** The page's chain of tasks (see `CHAIN`). */
type Chain = { chain(n: number, data: object): Promise<void> };

/** What the collector received from each tracker since the last reset. */
interface Tally {
  requests: number;
  /** Requests carrying events (no preflights). */
  batches: number;
  /** Every request as it crossed the wire: request line, headers and body (preflights included). */
  wireBytes: number;
  bodyBytes: number;
  /** Event ids, unique (a duplicate delivery counts once). */
  ids: Set<string>;
  events: number;
  /** Date.now() when the last new event arrived. */
  lastNew: number;
  /** Date.now() when the last request was answered. */
  lastAnswer: number;
}
const tally = (): Tally => ({
  requests: 0,
  batches: 0,
  wireBytes: 0,
  bodyBytes: 0,
  ids: new Set(),
  events: 0,
  lastNew: 0,
  lastAnswer: 0,
});

/** Where each tracker sends: the collector's origin, and whether the page shares it. */
interface Setting {
  name: 'cross-origin' | 'same-origin';
  /** The collector's base URL, as the page sees it. */
  collector: string;
}

function collector(scripts: Record<string, Uint8Array>) {
  const tallies: Record<Peer, Tally> = { ours: tally(), snowplow: tally() };
  const state = { failing: false, collector: '' };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://collector');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const peer: Peer | undefined = url.pathname.startsWith('/events/v1/')
      ? 'ours'
      : url.pathname.startsWith('/com.snowplowanalytics.snowplow/') || url.pathname === '/i'
        ? 'snowplow'
        : undefined;
    if (!peer) {
      const script = scripts[url.pathname];
      if (script) return response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
      const page =
        url.pathname === '/page'
          ? starter(url.searchParams.get('peer') as PageKind, state.collector)
          : '<p>another site, no tracker</p>';
      return response.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><title>bench</title>${page}`);
    }
    const t = tallies[peer];
    t.requests++;
    t.wireBytes +=
      `${request.method} ${request.url} HTTP/1.1\r\n`.length +
      // each header line is `name: value\r\n`, then an empty line
      request.rawHeaders.reduce((sum, h) => sum + Buffer.byteLength(h) + 2, 0) +
      2 +
      body.length;
    t.bodyBytes += body.length;
    // CORS: ours is a simple request (no credentials); Snowplow sends JSON with credentials (a preflight).
    const cors = {
      'Access-Control-Allow-Origin': request.headers.origin ?? '*',
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Allow-Headers': 'content-type',
      'Access-Control-Allow-Methods': 'GET, POST',
    };
    if (request.method === 'OPTIONS') return response.writeHead(204, cors).end();
    t.batches++;
    response.on('finish', () => {
      t.lastAnswer = Date.now();
    });
    if (state.failing) return response.writeHead(503, cors).end('{"status":503}');
    let ids: string[] = [];
    if (peer === 'ours') {
      // PROTOCOL.md's limits: 64 KiB as received, 1 MiB once decompressed, 400 for a body that is not gzip.
      if (body.length > 64 * 1024) return response.writeHead(413, cors).end('{"status":413}');
      let text: string;
      try {
        const gzip = url.searchParams.get('encoding') === 'gzip';
        text = (gzip ? gunzipSync(body, { maxOutputLength: 1024 * 1024 }) : body).toString('utf8');
      } catch {
        return response.writeHead(400, cors).end('{"status":400}');
      }
      ids = JSON.parse(text).events.map((e: { meta: { id: string } }) => e.meta.id);
    } else if (request.method === 'POST') {
      ids = JSON.parse(body.toString('utf8')).data.map((e: { eid: string }) => e.eid);
    } else {
      ids = [url.searchParams.get('eid') ?? ''];
    }
    t.events += ids.length;
    const before = t.ids.size;
    for (const id of ids) t.ids.add(id);
    if (t.ids.size > before) t.lastNew = Date.now();
    if (peer === 'ours')
      return response
        .writeHead(200, { ...cors, 'Content-Type': 'application/json' })
        .end(JSON.stringify({ status: 200, accepted: ids.length, duplicates: 0 }));
    return response.writeHead(200, cors).end('ok');
  };
  return { handle, tallies, state };
}

/**
 * The page's own chain of tasks, as a shop's script runs: `chain(n, data)` emits n events, one per
 * `setTimeout(…, 0)` task, and resolves after the last. Run from the page's script, not from the
 * bench's `page.evaluate` (whose own work Chromium counts apart from the page's).
 */
const CHAIN = `<script>
  window.chain = (n, data) => new Promise((done) => {
    let i = 0;
    const step = () => {
      if (i === n) return done();
      window.bench.emit({ ...data, product: { ...data.product, productId: 'p' + i } });
      i += 1;
      setTimeout(step, 0);
    };
    step();
  });
</script>`;

/** The page script that starts a tracker and exposes `window.bench.emit(i)` and `window.bench.flush()`, and `window.chain`. */
const starter = (peer: PageKind, origin: string) => CHAIN + trackerScript(peer, origin);

const trackerScript = (peer: PageKind, origin: string) => {
  // Ours as a shop starts it: the script tag's data attributes (src/tracker/auto.ts).
  if (peer === 'ours')
    return `<script src="/svc.min.js" data-tracking-id="${TID}" data-endpoint="${origin}"></script><script>
      window.bench = { emit: (data) => svc.tracker.emit('ecProduct', data), flush: () => svc.tracker.flush() };
    </script>`;
  if (peer === 'snowplow')
    return `<script src="/snowplow.js"></script><script>
      snowplow.newTracker('sp', '${origin}', { appId: '${TID}', keepalive: true });
      window.bench = {
        emit: (data) => snowplow.trackSelfDescribingEvent({ event: { schema: '${SNOWPLOW_SCHEMA}', data } }),
        flush: () => snowplow.flushBuffer(),
      };
    </script>`;
  if (peer === 'requests')
    return `<script>
      let held = [];
      window.bench = {
        emit: (data) => {
          held.push(data);
          if (held.length < 20) return;
          const body = JSON.stringify({ sentAt: Date.now(), events: [], data: held });
          held = [];
          fetch('${origin}/events/v1/${TID}', { method: 'POST', body, headers: { 'content-type': 'text/plain;charset=UTF-8' }, credentials: 'omit' })
            .then((response) => response.text());
        },
        flush: () => undefined,
      };
    </script>`;
  return `<script>window.bench = { emit: () => undefined, flush: () => undefined };</script>`;
};

const until = async (test: () => boolean, timeout: number) => {
  const end = Date.now() + timeout;
  while (!test() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return test();
};

/**
 * Waits until `peer` has made a first attempt and then none for 6 s (at most 20 s): its queue is
 * then at rest. Snowplow tries again only when told (flushBuffer(), or its next event), and it
 * ignores flushBuffer() for a few seconds after a failed attempt (in our runs: ignored 1 s after,
 * honoured 5 s after), so both start the drain or the page exit from a queue at rest.
 */
const settled = (tallies: Record<Peer, Tally>, peer: Peer) =>
  until(() => tallies[peer].batches > 0 && Date.now() - tallies[peer].lastAnswer > 6000, 20_000);

/** One main-thread measurement: what Chromium and the collector counted for one page. */
interface MainThread {
  script: number;
  task: number;
  wirePerEvent: number;
  bodyPerEvent: number;
  requests: number;
}
type MainKey = keyof MainThread;

export default async function (): Promise<Row[]> {
  const scripts = {
    '/svc.min.js': readFileSync('dist/svc.min.js'),
    '/snowplow.js': await snowplowBundle(['newTracker', 'trackSelfDescribingEvent', 'flushBuffer']),
  };
  const { handle, tallies, state } = collector(scripts);
  // Two listeners of one collector: the page's origin, and another origin for the collector.
  const listen = async () => {
    const server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as AddressInfo).port };
  };
  const pages = await listen();
  const platform = await listen();
  const origin = `http://127.0.0.1:${pages.port}`;
  const settings: Setting[] = [
    { name: 'cross-origin', collector: `http://localhost:${platform.port}` },
    { name: 'same-origin', collector: origin },
  ];
  const elsewhere = `http://localhost:${pages.port}/elsewhere`; // another site than the page: no tracker there
  const browser: Browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

  /** A fresh context and page running `peer`'s tracker, sending to `setting`'s collector, the tallies reset. */
  const open = async (peer: PageKind, setting: Setting = settings[0]) => {
    state.collector = setting.collector;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/page?peer=${peer}`);
    tallies.ours = tally();
    tallies.snowplow = tally();
    return { context, page };
  };
  const emitMany = (page: Page, n: number) =>
    page.evaluate(
      ([n, data]) => {
        for (let i = 0; i < n; i++)
          (window as unknown as Bench).bench.emit({ ...data, product: { ...data.product, productId: `p${i}` } });
      },
      [n, product(0)] as const,
    );

  try {
    // 1. Main-thread time: EVENTS emitted one per task (setTimeout 0 between emits), until the
    // collector holds them all; ScriptDuration and TaskDuration by CDP, minus a page without a tracker.
    const mainThread = async (peer: PageKind, setting: Setting): Promise<MainThread> => {
      const { context, page } = await open(peer, setting);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const metrics = async () => {
        const { metrics } = await cdp.send('Performance.getMetrics');
        const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
        return { script: get('ScriptDuration') * 1000, task: get('TaskDuration') * 1000 };
      };
      const before = await metrics();
      await page.evaluate(([n, data]) => (window as unknown as Chain).chain(n, data), [EVENTS, product(0)] as const);
      if (peer === 'requests' && !(await until(() => tallies.ours.batches >= EVENTS / 20, 30_000)))
        throw new Error(`requests: ${tallies.ours.batches} of ${EVENTS / 20} answered`);
      if ((peer === 'ours' || peer === 'snowplow') && !(await until(() => tallies[peer].ids.size >= EVENTS, 30_000)))
        throw new Error(`${peer}: ${tallies[peer].ids.size} of ${EVENTS} delivered`);
      await page.waitForTimeout(300); // the last answers handled
      const after = await metrics();
      const t = peer === 'ours' || peer === 'snowplow' ? tallies[peer] : tally();
      await context.close();
      return {
        script: after.script - before.script,
        task: after.task - before.task,
        wirePerEvent: t.wireBytes / EVENTS,
        bodyPerEvent: t.bodyBytes / EVENTS,
        requests: t.requests,
      };
    };
    type Runs = Record<PageKind, MainThread[]>;
    const main: Record<Setting['name'], Runs> = {
      'cross-origin': { none: [], ours: [], snowplow: [], requests: [] },
      'same-origin': { none: [], ours: [], snowplow: [], requests: [] },
    };
    for (let r = 0; r < ROUNDS; r++)
      for (const setting of settings)
        for (const peer of ['none', 'ours', 'snowplow', 'requests'] as const)
          main[setting.name][peer].push(await mainThread(peer, setting));
    const med = (runs: Runs, peer: PageKind, key: MainKey) => median(runs[peer].map((m) => m[key]));
    const net = (runs: Runs, peer: Exclude<PageKind, 'none'>, key: 'script' | 'task') =>
      median(runs[peer].map((m, i) => m[key] - runs.none[i][key]));

    /** A page of `peer` with `n` events queued while the collector answered 503; it answers 200 again from now, its tallies reset. */
    const queuedWhileFailing = async (peer: Peer, n: number) => {
      const opened = await open(peer);
      state.failing = true;
      await emitMany(opened.page, n);
      await settled(tallies, peer);
      state.failing = false;
      tallies[peer] = tally();
      return opened;
    };

    // 2. Backlog: EVENTS queued while the collector answers 503, then it answers 200 and the
    // tracker is told to send (ours flush(), Snowplow flushBuffer()); time until the collector
    // holds them all, and the requests it took.
    const backlog = async (peer: Peer) => {
      const { context, page } = await queuedWhileFailing(peer, EVENTS);
      const start = await page.evaluate(() => {
        const t0 = Date.now();
        (window as unknown as Bench).bench.flush();
        return t0;
      });
      const all = await until(() => tallies[peer].ids.size >= EVENTS, 30_000);
      // Not all within 30 s: reported as 30 s (the note says how many arrived).
      const result = {
        ms: all ? tallies[peer].lastNew - start : 30_000,
        requests: tallies[peer].batches,
        all,
        got: tallies[peer].ids.size,
      };
      await context.close();
      return result;
    };
    const drain = { ours: await backlog('ours'), snowplow: await backlog('snowplow') };

    // 3. Page exit: n events queued while the collector fails, the collector answering again just
    // before the page navigates to another site that loads no tracker; what the collector holds
    // 3 s later (no later visit to the shop).
    const exit = async (peer: Peer, n: number) => {
      const { context, page } = await queuedWhileFailing(peer, n);
      await page.goto(elsewhere);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const got = tallies[peer].ids.size;
      await context.close();
      return got;
    };
    const exits: Record<number, Record<Peer, number>> = {};
    for (const n of [500, 1000]) exits[n] = { ours: await exit('ours', n), snowplow: await exit('snowplow', n) };

    return [
      ...settings.flatMap(({ name }) => mainThreadRows(name, main[name], med, net)),
      compare(
        `drain a ${EVENTS}-event backlog: time (cross-origin)`,
        drain.ours.ms,
        drain.snowplow.ms,
        'ms',
        `collector 503 while queued, then 200 and flush() / flushBuffer(); until the collector holds all (held: ${drain.ours.got} and ${drain.snowplow.got} of ${EVENTS}; 30 s at most)`,
        0,
      ),
      compare(
        `drain a ${EVENTS}-event backlog: requests (cross-origin)`,
        drain.ours.requests,
        drain.snowplow.requests,
        'requests',
        'POSTs carrying events (preflights not counted)',
        0,
      ),
      ...[500, 1000].map((n) =>
        compare(
          `events out at page exit, ${n} queued (cross-origin)`,
          exits[n].ours,
          exits[n].snowplow,
          `of ${n}`,
          'navigation to another site without a tracker; collector failing until just before; counted 3 s later, no later visit',
          0,
        ),
      ),
    ];
  } finally {
    await browser.close();
    pages.server.close();
    platform.server.close();
  }
}

const BENCH = 'tracker vs Snowplow (Chromium, real HTTP)';

/** A row of ours against Snowplow's, in the side-by-side table too. */
function compare(metric: string, ours: number, snowplow: number, unit: string, note: string, digits = 1): Row {
  return {
    bench: BENCH,
    metric,
    value: `${round(ours, digits)} vs ${round(snowplow, digits)}`,
    unit,
    note,
    compare: {
      ours: round(ours, digits),
      peer: round(snowplow, digits),
      peerName: 'Snowplow',
      ratio: round(ours / snowplow, 3),
    },
  };
}

/** The main-thread and bytes rows of one setting. */
function mainThreadRows<Runs>(
  name: Setting['name'],
  runs: Runs,
  med: (runs: Runs, peer: PageKind, key: MainKey) => number,
  net: (runs: Runs, peer: Exclude<PageKind, 'none'>, key: 'script' | 'task') => number,
): Row[] {
  return [
    {
      bench: BENCH,
      metric: `main-thread script time of the requests alone: ${EVENTS / 20} POSTs of a 20-event body from the same chain, no tracker (${name})`,
      value: round(net(runs, 'requests', 'script')),
      unit: 'ms',
      note: `what Chromium's own work for the requests ours makes costs the page, whatever sends them (fetch, the body a JSON string, the answer read); median of ${ROUNDS}, minus the chain alone`,
    },
    compare(
      `main-thread script time, ${EVENTS} events one per task, delivery included (${name})`,
      net(runs, 'ours', 'script'),
      net(runs, 'snowplow', 'script'),
      'ms',
      `CDP Performance.getMetrics ScriptDuration, median of ${ROUNDS}, minus the same loop without a tracker (${round(med(runs, 'none', 'script'))} ms; ours before subtracting ${round(med(runs, 'ours', 'script'))} ms); TaskDuration ${round(net(runs, 'ours', 'task'))} vs ${round(net(runs, 'snowplow', 'task'))} ms; target for ours ≤ 60 ms cross-origin`,
    ),
    compare(
      `bytes on the wire per event (${name})`,
      med(runs, 'ours', 'wirePerEvent'),
      med(runs, 'snowplow', 'wirePerEvent'),
      'B',
      `request lines, headers and bodies, preflights included (bodies alone ${round(med(runs, 'ours', 'bodyPerEvent'))} vs ${round(med(runs, 'snowplow', 'bodyPerEvent'))} B; requests ${med(runs, 'ours', 'requests')} vs ${med(runs, 'snowplow', 'requests')}), from the main-thread runs`,
    ),
  ];
}
