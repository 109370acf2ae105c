// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { writeCookie } from '../../src/core/cookies';
import type { Tracker, TrackingEvent } from '../../src/tracker';
import { KEEPALIVE_BUDGET } from '../../src/tracker/delivery';
import { cookieDomain } from '../../src/tracker/identity';
import { fakeTime, settle } from '../support/fake-time';
import { useMockPlatform } from '../support/mock-server';
import { cookieWrite } from '../support/set-cookie';
import { useTrackers } from './helpers';

// Acceptance audit of issue 5: each test here pins a bullet of the issue that tracker.test.ts
// left unproven (defaults, backoff timing, keepalive, page exit chunks, lock expiry, heartbeat,
// visibility, online, cookie attributes) or a bug the audit found (a /g RegExp in on(), an event
// too big for a keepalive body holding up the queue for ever).
const mock = useMockPlatform();
const TID = 'shop_1';
// The page is prepared by this file's beforeEach (fetch recorded, storage and cookies cleared).
const start = useTrackers(TID, {}, { cleanPage: false });
const product = (i: number, name?: string) => ({
  eventType: 'detail',
  product: { productId: `p${i}`, ...(name && { name }) },
});
const emitN = (t: Tracker, n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => t.emit('ecProduct', product(from + i)));
const held = () => mock.platform.inspect.events.received(TID);
const count = async () => (await mock.sent()).length;
const _bytes = (s: string) => new TextEncoder().encode(s).length;
const record = (pageViewId: string) => JSON.parse(localStorage.getItem(`_svcq:${TID}:${pageViewId}`)!) as { t: number };
/** The events a page view holds in storage: its chunks `_svcq:<tid>:<pageViewId>:<n>`, in order. */
const storedEvents = (pageViewId: string): TrackingEvent[] =>
  Object.keys(localStorage)
    .filter((k) => k.startsWith(`_svcq:${TID}:${pageViewId}:`))
    .sort((a, b) => +a.split(':').pop()! - +b.split(':').pop()!)
    .flatMap((k) => JSON.parse(localStorage.getItem(k)!));
/** Hex digits that do not compress much: events that keep their size on the wire. */
const noise = (length: number): string =>
  length > 60_000
    ? noise(60_000) + noise(length - 60_000) // getRandomValues gives 64 KiB at most per call
    : Array.from(crypto.getRandomValues(new Uint8Array(length / 2)), (b) => b.toString(16).padStart(2, '0')).join('');
const stored = (pv: string, seq: number): TrackingEvent => ({
  meta: { id: `${pv}-${seq}`, type: 'ecUser', ts: 1, visitorId: 'v', pageViewId: pv, seq, url: 'u' },
  data: { user: { id: 'u' } },
});
/** What the tracker passed to fetch for each request (happy-dom's Request has no keepalive to read): observed, then sent on to the mock. */
let fetchSpy: MockInstance<typeof fetch>;
/** The body bytes of each request, in the order fetch was called (read from the Request core's transport sends). */
let bodies: number[] = [];
const fetched = () =>
  fetchSpy.mock.calls.map(([, init], i) => ({
    keepalive: init!.keepalive,
    credentials: init!.credentials,
    bytes: bodies[i],
  }));

beforeEach(() => {
  const send = globalThis.fetch;
  bodies = [];
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const at = bodies.push(-1) - 1;
    // The bytes as sent (gzip or JSON): the body of a Request, or the one given beside the URL.
    const sent = input instanceof Request ? input.clone().arrayBuffer() : new Response(init?.body).arrayBuffer();
    const recorded = sent.then((bytes) => {
      bodies[at] = bytes.byteLength;
    });
    return recorded.then(() => send(input, init));
  });
  localStorage.clear();
  for (const c of document.cookie.split('; ')) document.cookie = `${c.split('=')[0]}=; Max-Age=-1; Path=/`;
  expect(document.cookie).toBe('');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('on(RegExp)', () => {
  it('a global or sticky RegExp matches every event, in the replay and after (RegExp.test with /g keeps lastIndex)', () => {
    const t = start({ consent: 'pending' });
    emitN(t, 3);
    const seen: number[] = [];
    const sticky: number[] = [];
    t.on(/^ec/g, (e) => seen.push(e.meta.seq));
    t.on(/Product/y, (e) => sticky.push(e.meta.seq));
    emitN(t, 2, 3);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(sticky).toEqual([]); // sticky: only at index 0, where "ecProduct" has no "Product"
  });
});

describe('emit refusals', () => {
  it('data that cannot be JSON (a cycle) is INVALID_ARGUMENT naming data; nothing queued, nothing sent', async () => {
    const t = start({ batchDelay: 0 });
    const data: Record<string, unknown> = product(1);
    data.self = data;
    expect(() => t.emit('ecProduct', data)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'data' }),
    );
    expect([t.queued, await count()]).toEqual([0, 0]);
    await t.flush();
    expect(await count()).toBe(0);
  });
});

describe('an event bigger than a request body', () => {
  it('goes alone, is refused (413), dropped and counted; the events behind it are delivered', async () => {
    const t = start({ batchDelay: 0, retryBase: 60_000, retryMax: 60_000 });
    t.emit('ecProduct', product(0, noise(140_000))); // over 64 KiB even as gzip
    const [small] = emitN(t, 1, 1);
    await t.flush();
    expect(fetched().map((f) => [f.keepalive, f.bytes > 65_536])).toEqual([
      [false, true],
      [false, false],
    ]);
    expect(held().map((e) => e.meta.id)).toEqual([small.meta.id]);
    expect([t.queued, t.dropped]).toEqual([0, { overflow: 0, rejected: 1, invalid: 0 }]);
  });
});

describe('requests', () => {
  it('are not keepalive (the keepalive budget stays whole for page exit), without credentials, one at a time per page', async () => {
    mock.platform.faults.set('events', { latencyMs: 200, times: 1 });
    let inFlight = 0;
    let most = 0;
    mock.server.events.on('request:start', ({ request }) => {
      if (request.method !== 'OPTIONS') most = Math.max(most, ++inFlight); // not happy-dom's preflights
    });
    mock.server.events.on('response:mocked', ({ request }) => {
      if (request.method !== 'OPTIONS') inFlight--;
    });
    const t = start({ batchDelay: 0 });
    emitN(t, 1);
    await vi.waitFor(() => expect(fetched()).toHaveLength(1), { interval: 5 });
    emitN(t, 1, 1); // while the first request waits for its slow answer
    await vi.waitFor(() => expect(held()).toHaveLength(2));
    expect(fetched().map((f) => [f.keepalive, f.credentials])).toEqual([
      [false, 'omit'],
      [false, 'omit'],
    ]);
    expect(most).toBe(1);
  });
});

describe('defaults of the issue', () => {
  it('batches of up to 20 events or 1 s', async () => {
    fakeTime();
    const t = start();
    emitN(t, 1);
    await vi.advanceTimersByTimeAsync(999);
    expect(await count()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => expect(held()).toHaveLength(1));
    emitN(t, 20, 1);
    await settle(() => expect(held()).toHaveLength(21)); // a full batch of 20 leaves at once
    emitN(t, 1, 21);
    await vi.advanceTimersByTimeAsync(999);
    expect(held()).toHaveLength(21);
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => expect(held()).toHaveLength(22));
    expect((await mock.sent()).map((r) => (r.json as { events: unknown[] }).events.length)).toEqual([1, 20, 1]);
  });

  it('a queue of at most 1,000 events, the oldest dropped and counted', () => {
    const t = start({ consent: 'pending' });
    emitN(t, 1003);
    expect([t.queued, t.dropped.overflow]).toEqual([1000, 3]);
  });
});

describe('backoff', () => {
  it('exponential with jitter: attempt k waits random * min(retryMax, retryBase * 2^k); a success resets it', async () => {
    fakeTime();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const at: number[] = [];
    mock.server.events.on('request:start', ({ request }) => {
      if (request.method !== 'OPTIONS') at.push(Date.now()); // not happy-dom's preflights
    });
    mock.platform.faults.set('events', { status: 503, times: 3 });
    const t0 = Date.now();
    const t = start({ batchDelay: 0 });
    emitN(t, 1);
    await vi.advanceTimersByTimeAsync(0);
    await settle(() => expect(at).toHaveLength(1));
    for (const wait of [500, 1000, 2000]) {
      const n = at.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(at).toHaveLength(n);
      await vi.advanceTimersByTimeAsync(1);
      await settle(() => expect(at).toHaveLength(n + 1));
    }
    await settle(() => expect(held()).toHaveLength(1));
    expect(at.map((x) => x - t0)).toEqual([0, 500, 1500, 3500]);
    // After the success the next failure waits as the first did.
    mock.platform.faults.set('events', { status: 503, times: 1 });
    emitN(t, 1, 1);
    await vi.advanceTimersByTimeAsync(0);
    await settle(() => expect(at).toHaveLength(5));
    await vi.advanceTimersByTimeAsync(499);
    expect(at).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => expect(held()).toHaveLength(2));
  });

  it('honours Retry-After (seconds), the jittered backoff on top of it', async () => {
    fakeTime();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    mock.platform.faults.set('events', { status: 429, retryAfter: 7, times: 1 });
    const t = start({ batchDelay: 0 });
    emitN(t, 1);
    await vi.advanceTimersByTimeAsync(0);
    await settle(async () => expect(await count()).toBe(1));
    // 7 s of Retry-After, then the jitter of attempt 0: half (Math.random) of 1 s.
    await vi.advanceTimersByTimeAsync(7499);
    expect(await count()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => expect(held()).toHaveLength(1));
    expect(t.dropped).toEqual({ overflow: 0, rejected: 0, invalid: 0 });
  });

  it('a Retry-After beyond what setTimeout holds (2^31 ms) waits about 23 days, not a busy loop of timers', async () => {
    fakeTime(); // fake timers fire a delay over 2^31 - 1 after 1 ms, as browsers do
    mock.platform.faults.set('events', { status: 429, retryAfter: 3_000_000, times: 1 }); // 34.7 days
    const t = start({ batchDelay: 0 });
    emitN(t, 1);
    await vi.advanceTimersByTimeAsync(0);
    await settle(async () => expect(await count()).toBe(1));
    // The next timer of the page is its heartbeat, 30 s after start, not a retry 1 ms from now.
    const before = Date.now();
    await vi.advanceTimersToNextTimerAsync();
    expect(Date.now() - before).toBeGreaterThan(25_000);
    expect([await count(), t.queued]).toEqual([1, 1]);
  });

  it('the browser coming back online retries at once, whatever the backoff', async () => {
    mock.platform.faults.set('events', { offline: true, times: 1 });
    const t = start({ batchDelay: 0, retryBase: 60_000, retryMax: 60_000 });
    emitN(t, 1);
    await t.flush();
    expect([await count(), t.queued]).toEqual([1, 1]);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(held()).toHaveLength(1));
  });
});

describe('leaving the page', () => {
  it('tab hidden: the queue leaves at once instead of after batchDelay; visible again does nothing', async () => {
    const t = start({ batchDelay: 60_000 });
    emitN(t, 2);
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true })); // still visible
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await count()).toBe(0);
    Object.defineProperties(document, {
      hidden: { value: true, configurable: true },
      visibilityState: { value: 'hidden', configurable: true },
    });
    try {
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      await vi.waitFor(() => expect(held()).toHaveLength(2));
    } finally {
      delete (document as { hidden?: boolean }).hidden;
      delete (document as { visibilityState?: string }).visibilityState;
    }
  });

  it('pagehide: keepalive chunks within the 64 KiB keepalive budget; the released record holds the rest for the next page: all, each once', async () => {
    mock.platform.faults.set('events', { status: 503, times: 1 });
    const t = start({ batchDelay: 0, retryBase: 60_000, retryMax: 60_000 });
    // Events that do not compress: 30 of them are more than the keepalive budget even as gzip.
    const events = Array.from({ length: 30 }, (_, i) => t.emit('ecProduct', product(i, noise(5000))));
    await t.flush(); // one refused attempt: all 30 stay queued
    window.dispatchEvent(new Event('pagehide'));
    // Released at once, everything still stored.
    expect(record(t.pageViewId)).toEqual({ t: 0 });
    expect(storedEvents(t.pageViewId)).toEqual(events);
    // The exit requests start within pagehide's task (core's transport calls fetch after a few
    // microtasks, which run before the page can go): look once those have run.
    await new Promise((resolve) => setImmediate(resolve));
    const exit = fetched().slice(1);
    expect(exit.length).toBeGreaterThan(0);
    expect(exit.every((f) => f.keepalive)).toBe(true);
    expect(exit.reduce((sum, f) => sum + f.bytes, 0)).toBeLessThanOrEqual(KEEPALIVE_BUDGET);
    // This page still runs here, so it hears the acknowledgements: what arrived leaves storage.
    await Promise.allSettled(fetchSpy.mock.results.slice(1).map((r) => r.value));
    await vi.waitFor(() => expect(t.queued).toBe(30 - held().length));
    const early = held().length;
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(30);
    expect(storedEvents(t.pageViewId)).toEqual(events.slice(early));
    t.stop();
    // The next page adopts the released record and sends the rest.
    const next = start({ batchDelay: 0 });
    await vi.waitFor(() => expect(held()).toHaveLength(30));
    await next.flush();
    // The exit requests travel side by side: they may arrive in either order.
    expect(
      held()
        .map((e) => e.meta.id)
        .sort(),
    ).toEqual(events.map((e) => e.meta.id).sort());
    expect(mock.platform.inspect.events.stats(TID).duplicates).toBe(0);
    for (const f of fetched()) expect(f.bytes).toBeLessThan(64 * 1024);
  });
});

describe('several tabs', () => {
  it('an expired lock (its page died while adopting) does not stop adoption', async () => {
    localStorage.setItem(`_svcq:${TID}:gone`, JSON.stringify({ t: 0, e: [stored('gone', 1)] }));
    localStorage.setItem(`_svcl:${TID}`, `${Date.now() - 1}`);
    const t = start({ batchDelay: 0 });
    await t.flush();
    expect(held().map((e) => e.meta.id)).toEqual(['gone-1']);
    expect(localStorage.getItem(`_svcl:${TID}`)).toBeNull();
  });

  it("the 30 s heartbeat keeps this page's record fresh, and adopts a record that has gone stale meanwhile", async () => {
    fakeTime();
    const t0 = Date.now();
    localStorage.setItem(`_svcq:${TID}:quiet`, JSON.stringify({ t: t0 - 140_000, e: [stored('quiet', 1)] }));
    // Down for the whole test: a jittered retry (any wait in [0, 600 s]) may come before a
    // heartbeat, and must not empty the queue this test watches.
    mock.platform.faults.set('events', { status: 503 });
    const t = start({ batchDelay: 0, retryBase: 600_000, retryMax: 600_000 });
    emitN(t, 1);
    await vi.advanceTimersByTimeAsync(0);
    await settle(async () => expect(await count()).toBe(1));
    expect(record(t.pageViewId).t).toBe(t0);
    await vi.advanceTimersByTimeAsync(30_000);
    // 170 s old: its page may be alive (hidden tabs beat once a minute), not adopted.
    expect([record(t.pageViewId).t, t.queued, localStorage.getItem(`_svcq:${TID}:quiet`) !== null]).toEqual([
      t0 + 30_000,
      1,
      true,
    ]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(localStorage.getItem(`_svcq:${TID}:quiet`)).toBeNull();
    expect(storedEvents(t.pageViewId).map((e) => e.meta.id)).toContain('quiet-1');
    expect(t.queued).toBe(2);
  });
});

describe('cookies', () => {
  const writes = () => {
    const spy = vi.spyOn(document, 'cookie', 'set');
    return () => spy.mock.calls.map(([value]) => value);
  };

  it('attributes of PROTOCOL.md: Path=/, the Domain, one year, SameSite=Lax, Secure on https only', () => {
    const written = writes();
    writeCookie('_svcTracker', 'v1', { domain: 'example.test' });
    writeCookie('_svcTracker', 'v1', { domain: '' });
    vi.stubGlobal('location', { protocol: 'https:', hostname: 'shop.example.test' });
    try {
      writeCookie('_svcTracker', 'v1', { domain: 'example.test' });
    } finally {
      vi.unstubAllGlobals();
    }
    const inAYear = new Date(Date.now() + 365 * 864e5).toUTCString().slice(0, 16); // the day, not the second
    const parsed = written().map(cookieWrite);
    for (const write of parsed) expect((write.expires as string).slice(0, 16)).toBe(inAYear);
    expect(parsed.map(({ expires, ...rest }) => rest)).toEqual([
      { cookie: '_svcTracker=v1', domain: 'example.test', path: '/', 'max-age': '31536000', samesite: 'Lax' },
      { cookie: '_svcTracker=v1', path: '/', 'max-age': '31536000', samesite: 'Lax' },
      {
        cookie: '_svcTracker=v1',
        domain: 'example.test',
        path: '/',
        'max-age': '31536000',
        samesite: 'Lax',
        secure: true,
      },
    ]);
  });

  it('the domain probe runs once per host (memoised), from two labels down', () => {
    const written = writes();
    expect(cookieDomain('a.b.audit.example')).toBe(''); // happy-dom on localhost accepts none of them
    const probes = written().filter((c) => c.startsWith('_svcProbe=1'));
    expect(probes.map((c) => cookieWrite(c).domain)).toEqual(['audit.example', 'b.audit.example', 'a.b.audit.example']);
    expect(cookieDomain('a.b.audit.example')).toBe('');
    expect(written().filter((c) => c.startsWith('_svcProbe=1'))).toHaveLength(3);
  });

  it('options.cookieDomain replaces the probe: both cookies are written on that domain, no probe', () => {
    const written = writes();
    const t = start({ cookieDomain: 'localhost' });
    expect(written().some((c) => c.startsWith('_svcProbe'))).toBe(false);
    expect(
      written()
        .map((c) => cookieWrite(c.replace(/=[^;]*/, '=<id>')))
        .map(({ expires, ...rest }) => rest),
    ).toEqual([
      { cookie: '_svcTracker=<id>', domain: 'localhost', path: '/', 'max-age': '31536000', samesite: 'Lax' },
      { cookie: 'svc_permanent=<id>', domain: 'localhost', path: '/', 'max-age': '31536000', samesite: 'Lax' },
    ]);
    expect(t.visitorId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
