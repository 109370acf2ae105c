// A discrete-event simulation of many pages' trackers against one platform, on a virtual clock.
//
// Each simulated page mirrors the send loop of src/tracker/index.ts decision by decision (schedule,
// send, transmit, leave, enqueue with its queue cap, adoption of what a dead page left) and takes
// every number that decides from the tracker itself: `backoff`, `retryable`, `fitting`,
// `MAX_JSON`, `MAX_BODY`, `KEEPALIVE_BUDGET`, `GZIP_FROM`, and real batch bodies (`body`, gzip by
// node:zlib, as the browser's CompressionStream makes it). What is not simulated: storage writes, consent, the `online` event, the 30 s
// heartbeat (adoption is modelled at the next page's start, as `start()` does).

import { gzipSync } from 'node:zlib';
import { randomId } from '../../src/core/random-id';
import { createRandom } from '../../src/mock/fixtures/prng';
import {
  backoff,
  body,
  fitting,
  GZIP_FROM,
  KEEPALIVE_BUDGET,
  MAX_BODY,
  MAX_JSON,
  utf8Bytes,
} from '../../src/tracker/delivery';
import { retryable } from '../../src/tracker/retryable';

/** The tracker's defaults (src/tracker/index.ts `createTracker`). */
export const TRACKER_DEFAULTS = {
  batchSize: 20,
  batchDelay: 1000,
  maxQueue: 1000,
  retryBase: 1000,
  retryMax: 60000,
  requestTimeout: 10000,
};
export type TrackerSettings = typeof TRACKER_DEFAULTS;

export interface Scenario {
  name: string;
  /** Page views over `arrivalMs` (Poisson), before sampling. */
  pages: number;
  /** The fraction of pages simulated; counts are scaled back by 1 / sample (Poisson thinning keeps the process Poisson). */
  sample: number;
  arrivalMs: number;
  /** Requests per second the platform serves (full scale); beyond it, 503 with Retry-After. */
  capacity: number;
  /** Seconds of the Retry-After the platform sends with a 503. */
  retryAfterS: number;
  outage?: { from: number; to: number; mode: 'silent' | '503' };
  /** One-way network latency, ms. */
  latencyMs: number;
  /** Page exits that fire `pagehide` (the rest are killed: discarded tabs, crashes). */
  exitEventShare: number;
  /** Dead pages whose visitor opens another page of the shop (which adopts what was left stored). */
  nextPageShare: number;
  tracker: TrackerSettings;
  seed: number;
}

export const defaults = (over: Partial<Scenario> = {}): Scenario => ({
  name: 'steady',
  pages: 1_000_000,
  sample: 0.25,
  arrivalMs: 3_600_000,
  capacity: Infinity,
  retryAfterS: 5,
  latencyMs: 50,
  exitEventShare: 0.9,
  // Shops see about 4 pages per session (a commonly quoted retail figure): 3 of 4 page views have a next one.
  nextPageShare: 0.75,
  tracker: TRACKER_DEFAULTS,
  seed: 1,
  ...over,
});

/** A binary min-heap of timed actions (ties by insertion order). */
class Agenda {
  private times: number[] = [];
  private seqs: number[] = [];
  private actions: (() => void)[] = [];
  private seq = 0;
  get size() {
    return this.times.length;
  }
  at(time: number, action: () => void) {
    const t = this.times,
      s = this.seqs,
      a = this.actions;
    let i = t.length;
    t.push(time);
    s.push(this.seq++);
    a.push(action);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (t[p] < time || (t[p] === time && s[p] < s[i])) break;
      this.swap(i, p);
      i = p;
    }
  }
  private swap(i: number, j: number) {
    const t = this.times,
      s = this.seqs,
      a = this.actions;
    [t[i], t[j]] = [t[j], t[i]];
    [s[i], s[j]] = [s[j], s[i]];
    [a[i], a[j]] = [a[j], a[i]];
  }
  private less(i: number, j: number) {
    return this.times[i] < this.times[j] || (this.times[i] === this.times[j] && this.seqs[i] < this.seqs[j]);
  }
  /** Removes the earliest action; returns its time and the action. */
  pop(): [number, () => void] {
    const top: [number, () => void] = [this.times[0], this.actions[0]];
    const last = this.times.length - 1;
    this.swap(0, last);
    this.times.pop();
    this.seqs.pop();
    this.actions.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1,
        r = l + 1;
      let m = i;
      if (l < last && this.less(l, m)) m = l;
      if (r < last && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
    return top;
  }
}

/** One event: its index in the run's tables and its UTF-8 bytes. */
interface Ev {
  id: number;
  bytes: number;
}

interface Page {
  alive: boolean;
  queue: Ev[];
  keptAlive: Set<Ev>;
  keepaliveBytes: number;
  attempt: number;
  waitUntil: number;
  retryAfterUntil: number;
  timer: number; // token of the pending timer, 0: none
  running: boolean;
}

export interface Result {
  scenario: Scenario;
  /** Per second of simulated time (full scale): requests reaching the platform, of them accepted (200). */
  requests: number[];
  accepted: number[];
  /** Per second: events waiting in live pages' queues (full scale). */
  queued: number[];
  emitted: number;
  delivered: number;
  /** Deliveries beyond an event's first (the platform deduplicates by `meta.id`). */
  duplicates: number;
  /** Events in requests the platform processed but whose answer the page never saw (the page had gone). */
  answerLost: number;
  lostToCap: number;
  /** Events neither delivered, dropped, nor in any queue: must be 0. */
  unaccounted: number;
  /** Events still in a live page's queue, or stored by a dead page, at the end. */
  stillQueued: number;
  /** Bodies' bytes sent (every attempt), full scale. */
  bytes: number;
  /** Wall-clock ms the run took. */
  wallMs: number;
}

/**
 * The body of a batch of `n` events as the tracker builds it, memoised (real JSON, real
 * compressor): its bytes as an ordinary request sends it (JSON under `GZIP_FROM` characters, else
 * gzip), and its gzip bytes (page exit's).
 */
function batchBytes(samples: string[]) {
  const memo = new Map<number, { sent: number; gzip: number }>();
  return (n: number) => {
    let v = memo.get(n);
    if (v === undefined) {
      const events = Array.from({ length: n }, (_, i) => samples[i % samples.length]);
      const json = body(events);
      const gzip = gzipSync(json).length;
      v = { sent: json.length < GZIP_FROM ? utf8Bytes(json) : gzip, gzip };
      memo.set(n, v);
    }
    return v;
  };
}

/** Events as the tracker serialises them (`meta` + a product's data), distinct ids per event. */
function sampleEvents(random: () => number): { pageView: string[]; product: string[] } {
  const visitorId = randomId(),
    pageViewId = randomId();
  const url = 'https://shop.example.com/products/' + Math.floor(random() * 1e6);
  const meta = (type: string, seq: number) => ({
    id: randomId(),
    type,
    ts: 1795000000000 + seq * 1000,
    visitorId,
    pageViewId,
    seq,
    url,
  });
  const pageView = Array.from({ length: 64 }, (_, i) =>
    JSON.stringify({ meta: meta('page_view', i), data: { referrer: 'https://www.google.com/' } }),
  );
  const product = Array.from({ length: 64 }, (_, i) =>
    JSON.stringify({
      meta: meta(['product_view', 'add_to_cart', 'product_click'][i % 3], i),
      data: {
        product: {
          id: 'SKU-' + (100000 + Math.floor(random() * 900000)),
          price: Math.round(random() * 20000) / 100,
          currency: 'EUR',
        },
      },
    }),
  );
  return { pageView, product };
}

/**
 * Dwell time on a page, ms: log-normal, median 30 s, sigma 1.1 (mean about 55 s). Source: J. Nielsen,
 * "How Long Do Users Stay on Web Pages?" (nngroup.com, 2011), summarising Liu, White and Dumais,
 * "Understanding Web Browsing Behaviors through Weibull Analysis of Dwell Time" (SIGIR 2010, two
 * billion page visits): the average visit is "a little less than a minute", most leave within 10-20 s
 * and the rest stay minutes. They fit a Weibull; a log-normal of that median and mean has the same shape
 * (many short visits, a long tail), which is what matters for how many pages hold a queue.
 */
const dwell = (random: () => number) => {
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return 30_000 * Math.exp(1.1 * normal);
};

/** Ms from a page's exit to its successor's start (the tracker adopts there what the first left stored). */
const NAVIGATION_MS = 1000;

export function simulate(scenario: Scenario): Result {
  // The tracker's backoff draws from Math.random: the run's seeded generator stands in for it, so that runs repeat.
  const saved = Math.random;
  Math.random = createRandom(scenario.seed + 1).next;
  try {
    return run(scenario);
  } finally {
    Math.random = saved;
  }
}

function run(scenario: Scenario): Result {
  const started = performance.now();
  const s = scenario;
  const t = s.tracker;
  const random = createRandom(s.seed).next;
  const samples = sampleEvents(random);
  const gz = batchBytes([...samples.pageView.slice(0, 8), ...samples.product]);
  const pvBytes = utf8Bytes(samples.pageView[0]);
  const productBytes = utf8Bytes(samples.product[0]);
  const scale = 1 / s.sample;
  const capacity = s.capacity * s.sample; // per second, for the sampled population
  const agenda = new Agenda();
  let now = 0;
  const horizonS = Math.ceil((s.arrivalMs + 2 * 3_600_000) / 1000);
  const requests = new Float64Array(horizonS);
  const accepted = new Float64Array(horizonS);
  const queued = new Float64Array(horizonS);
  let queuedNow = 0;
  // Per event: deliveries, and whether the queue cap dropped it.
  let deliveries = new Uint8Array(1 << 20);
  let dropped = new Uint8Array(1 << 20);
  let events = 0;
  let answerLost = 0;
  let bytes = 0;
  let _lostToCap = 0;
  const stored: { page: Page; at: number }[] = []; // what dead pages left, awaiting a next page to adopt it
  const orphaned: Page[] = []; // stored by pages with no next page (the visitor may come back later)
  let servedSecond = -1;
  let servedInSecond = 0;

  const newEvent = (bytes: number): Ev => {
    if (events === deliveries.length) {
      const grow = (a: Uint8Array) => {
        const b = new Uint8Array(a.length * 2);
        b.set(a);
        return b;
      };
      deliveries = grow(deliveries);
      dropped = grow(dropped);
    }
    return { id: events++, bytes };
  };

  /** The platform's answer to a request reaching it now: a status and Retry-After, or none (silent outage). */
  const platform = (): { status?: number; retryAfterMs?: number } => {
    const second = Math.floor(now / 1000);
    if (second < horizonS) requests[second]++;
    const out = s.outage && now >= s.outage.from && now < s.outage.to ? s.outage.mode : undefined;
    if (out === 'silent') return {};
    if (out === '503') return { status: 503, retryAfterMs: s.retryAfterS * 1000 };
    if (second !== servedSecond) {
      servedSecond = second;
      servedInSecond = 0;
    }
    // Capacity in the sample: a fractional rest is served with its probability.
    if (servedInSecond + 1 > capacity && random() > capacity - servedInSecond)
      return { status: 503, retryAfterMs: s.retryAfterS * 1000 };
    servedInSecond++;
    if (second < horizonS) accepted[second]++;
    return { status: 200 };
  };

  const unsent = (p: Page) => p.queue.filter((e) => !p.keptAlive.has(e));
  const sending = (p: Page) => p.alive && p.queue.length > p.keptAlive.size;

  /** `remove()`: events leave the queue (acknowledged, refused, dropped). */
  const remove = (p: Page, gone: readonly Ev[]) => {
    const set = new Set(gone);
    for (const e of gone) p.keptAlive.delete(e);
    const before = p.queue.length;
    p.queue = p.queue.filter((e) => !set.has(e));
    if (p.alive) queuedNow -= before - p.queue.length;
  };

  /** `transmit()`: the request reaches the platform after the latency; its answer comes back after as much again, or never (the timeout fires). */
  const transmit = (p: Page, batch: Ev[], size: number, keepalive: boolean, then: () => void) => {
    if (keepalive) {
      p.keepaliveBytes += size;
      for (const e of batch) p.keptAlive.add(e);
    }
    bytes += size;
    const sentAt = now;
    const settle = (answer: { status?: number; retryAfterMs?: number }, reached: boolean) => {
      if (keepalive) p.keepaliveBytes -= size;
      for (const e of batch) p.keptAlive.delete(e);
      if (!p.alive && !keepalive) {
        // The page went while the request was out: processed (maybe), but nobody saw the answer.
        if (reached && answer.status! < 300) answerLost += batch.length;
        return;
      }
      if (retryable(answer.status)) {
        p.retryAfterUntil = now + (answer.retryAfterMs ?? 0);
        p.waitUntil = now + backoff(p.attempt++, answer.retryAfterMs, t.retryBase, t.retryMax);
      } else {
        p.attempt = 0;
        remove(p, batch);
      }
      then();
    };
    agenda.at(now + s.latencyMs, () => {
      // A request without keepalive is cancelled with its page (before it reached the platform).
      if (!keepalive && !p.alive) return settle({}, false);
      const answer = platform();
      if (answer.status! < 300) for (const e of batch) deliveries[e.id]++;
      // The answer comes back after the latency; none: the request times out.
      if (answer.status) agenda.at(now + s.latencyMs, () => settle(answer, true));
      else agenda.at(sentAt + t.requestTimeout, () => settle(answer, true));
    });
  };

  /** `send()`: batches one at a time until the queue is empty or an attempt fails. */
  const step = (p: Page) => {
    if (sending(p) && now >= p.waitUntil) {
      const evs = unsent(p);
      let n = fitting(
        evs.map((e) => e.bytes),
        MAX_JSON,
      );
      let size: number;
      for (;;) {
        size = gz(n).sent;
        if (size <= MAX_BODY || n === 1) break;
        n = Math.max(1, Math.min(n - 1, Math.floor(((n * MAX_BODY) / size) * 0.9)));
      }
      transmit(p, evs.slice(0, n), size, false, () => step(p));
    } else {
      p.running = false;
      schedule(p);
    }
  };
  const run = (p: Page) => {
    p.timer = 0;
    if (p.running) return;
    p.running = true;
    step(p);
  };
  let tokens = 0;
  /** `schedule()`: at once when `batchSize` events wait, else after `batchDelay`; never before the backoff ends. */
  const schedule = (p: Page, at?: boolean) => {
    if (!sending(p) || p.running) return;
    const wait = Math.max(p.waitUntil - now, at || p.queue.length >= t.batchSize ? -1 : t.batchDelay);
    if (wait < 0) run(p);
    else if (!p.timer) {
      tokens += 1;
      p.timer = tokens;
      const token = tokens;
      agenda.at(now + wait, () => p.timer === token && p.alive && run(p));
    }
  };
  /** `enqueue()`: the queue cap drops the oldest. */
  const enqueue = (p: Page, evs: Ev[]) => {
    p.queue.push(...evs);
    queuedNow += evs.length;
    const over = p.queue.length - t.maxQueue;
    if (over > 0) {
      const gone = p.queue.slice(0, over);
      for (const e of gone) dropped[e.id] = 1;
      _lostToCap += over;
      remove(p, gone);
    }
    schedule(p);
  };
  /** `leave()`: what is not in a keepalive request goes in keepalive requests, within the keepalive budget. */
  const leave = (p: Page) => {
    let evs = unsent(p);
    let budget = KEEPALIVE_BUDGET - p.keepaliveBytes;
    let n = fitting(
      evs.map((e) => e.bytes),
      MAX_JSON,
    );
    while (n) {
      const size = gz(n).gzip;
      if (size <= budget) {
        budget -= size;
        transmit(p, evs.slice(0, n), size, true, () => schedule(p));
        evs = evs.slice(n);
        n = fitting(
          evs.map((e) => e.bytes),
          MAX_JSON,
        );
      } else n = Math.min(n - 1, Math.floor(((n * budget) / size) * 0.95));
    }
  };

  const live = new Set<Page>();
  const die = (p: Page) => {
    live.delete(p);
    if (random() < s.exitEventShare) leave(p);
    p.alive = false;
    queuedNow -= p.queue.length;
    // What stays stored: the queue less what keepalive requests in flight acknowledge later (re-read at adoption).
    // Keepalive requests in flight still take what they deliver out of it when they settle.
    // The visitor's next page loads a moment later (a navigation): it adopts what is stored then.
    if (random() < s.nextPageShare) stored.push({ page: p, at: now + NAVIGATION_MS });
    else orphaned.push(p);
  };

  const arrive = () => {
    const p: Page = {
      alive: true,
      queue: [],
      keptAlive: new Set(),
      keepaliveBytes: 0,
      attempt: 0,
      waitUntil: 0,
      retryAfterUntil: 0,
      timer: 0,
      running: false,
    };
    live.add(p);
    const life = dwell(random);
    // The page view at start; 0-6 product events (about 3) at random moments of the visit.
    enqueue(p, [newEvent(pvBytes)]);
    // `start()`: adopt what a dead page of this visitor left (modelled: the next arriving page).
    const dead = stored.length && stored[0].at <= now ? stored.shift()!.page : undefined;
    if (dead?.queue.length) {
      const adopted = dead.queue;
      dead.queue = []; // taken out of storage
      enqueue(p, adopted);
    }
    const products = Math.floor(random() * 7);
    for (let i = 0; i < products; i++)
      agenda.at(now + random() * life, () => p.alive && enqueue(p, [newEvent(productBytes)]));
    agenda.at(now + life, () => die(p));
  };

  // Sampled Poisson arrivals: exponential gaps at rate pages * sample / arrivalMs.
  const rate = (s.pages * s.sample) / s.arrivalMs;
  const nextArrival = () => {
    const at = now - Math.log(1 - random()) / rate;
    if (at < s.arrivalMs) {
      agenda.at(at, () => {
        arrive();
        nextArrival();
      });
    }
  };
  nextArrival();

  let lastSecond = 0;
  while (agenda.size) {
    const [time, action] = agenda.pop();
    while (lastSecond < Math.floor(time / 1000) && lastSecond < horizonS) queued[lastSecond++] = queuedNow;
    now = time;
    if (now >= horizonS * 1000) break;
    action();
  }

  // Every event: delivered (at least once), else dropped by the queue cap, else still in a queue
  // (a live page's, or stored by a dead page); anything else is a bookkeeping error.
  const inQueue = new Uint8Array(events);
  for (const p of [...stored.map((d) => d.page), ...orphaned, ...live]) for (const e of p.queue) inQueue[e.id] = 1;
  let delivered = 0,
    duplicates = 0,
    lost = 0,
    stillQueued = 0,
    unaccounted = 0;
  for (let i = 0; i < events; i++) {
    if (deliveries[i]) {
      delivered++;
      duplicates += deliveries[i] - 1;
    } else if (dropped[i]) lost++;
    else if (inQueue[i]) stillQueued++;
    else unaccounted++;
  }
  const end = Math.max(lastSecond, 1);
  const scaled = (a: Float64Array) => Array.from(a.subarray(0, end), (v) => v * scale);
  return {
    scenario: s,
    requests: scaled(requests),
    accepted: scaled(accepted),
    queued: scaled(queued),
    emitted: events * scale,
    delivered: delivered * scale,
    duplicates: duplicates * scale,
    answerLost: answerLost * scale,
    lostToCap: lost * scale,
    unaccounted: unaccounted * scale,
    stillQueued: stillQueued * scale,
    bytes: bytes * scale,
    wallMs: performance.now() - started,
  };
}
