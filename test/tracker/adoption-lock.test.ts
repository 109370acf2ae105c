// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingEvent } from '../../src/tracker';
import { useMockPlatform } from '../support/mock-server';
import { idle, useTrackers } from './helpers';

// Adoption of what dead pages left runs inside the Web Lock `_svcl:<trackingId>` where the browser
// has Web Locks: the localStorage lock is not atomic across processes, and two tabs starting at the
// same instant both adopted one record (test/e2e/tracker.spec.ts shows it in Chromium). happy-dom
// has no Web Locks (navigator.locks is null): there the localStorage lock alone, as on plain http.
const mock = useMockPlatform();
const TID = 'shop_1';
const LEFT = `_svcq:${TID}:gone`;
// The page is prepared by this file's beforeEach (a dead page's leftovers in storage).
const start = useTrackers(TID, {}, { cleanPage: false });
const stored = (seq: number): TrackingEvent => ({
  meta: { id: `gone-${seq}`, type: 'ecUser', ts: 1, visitorId: 'v', pageViewId: 'gone', seq, url: 'u' },
  data: { user: { id: 'u' } },
});
/** Each adoption lock's release (its callback settled), and for how many ms it was held. */
let released: Promise<void>[] = [];
let heldMs: number[] = [];
/** Microtasks and the network run; no timer fires before the tracker's 1 s batch delay. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Each lock request, and whether the leftover record was still stored when the callback started and when it ended. */
type Request = { name: string; options: LockOptions; storedBefore?: boolean; storedAfter?: boolean };

/**
 * A fake navigator.locks: grants each request of the adoption lock `_svcl:` (a Lock), or, when
 * `held`, answers null as ifAvailable does while another tab holds it. The page's own lock
 * (`_svcp:`, held while it has events stored) is granted and listed by `query`, not recorded.
 */
function fakeLocks(held: boolean): Request[] {
  const requests: Request[] = [];
  const pageLocks: string[] = [];
  type Callback = (lock: Lock | null) => unknown;
  const request = async (name: string, options: LockOptions | Callback, callback?: Callback) => {
    if (typeof options === 'function') {
      pageLocks.push(name);
      return options({ name, mode: 'exclusive' });
    }
    const entry: Request = { name, options };
    requests.push(entry);
    await null; // the callback runs later, as the browser's does
    entry.storedBefore = localStorage.getItem(LEFT) !== null;
    const granted = Date.now();
    const running = callback?.(held ? null : { name, mode: 'exclusive' });
    released.push(
      Promise.resolve(running).then(() => {
        heldMs.push(Date.now() - granted);
      }),
    );
    const result = await running;
    entry.storedAfter = localStorage.getItem(LEFT) !== null;
    return result;
  };
  const query = async () => ({ held: pageLocks.map((name) => ({ name, mode: 'exclusive' })), pending: [] });
  Object.defineProperty(navigator, 'locks', { value: { request, query }, configurable: true });
  return requests;
}

beforeEach(() => {
  released = [];
  heldMs = [];
  localStorage.clear();
  localStorage.setItem(LEFT, JSON.stringify({ t: 0, e: [stored(1), stored(2)] }));
});
afterEach(() => {
  delete (navigator as { locks?: unknown }).locks; // back to happy-dom's (null)
});

describe('adoption under the Web Lock', () => {
  it('is requested as _svcl:<trackingId> with ifAvailable, and adopts only inside the granted lock', async () => {
    const requests = fakeLocks(false);
    const t = start();
    // Not adopted outside the lock: the record is still stored when createTracker returns.
    expect([t.queued, localStorage.getItem(LEFT) !== null]).toEqual([0, true]);
    await idle();
    await tick();
    expect(t.queued).toBe(2);
    await Promise.all(released);
    expect(requests).toEqual([
      { name: `_svcl:${TID}`, options: { ifAvailable: true }, storedBefore: true, storedAfter: false },
    ]);
    await t.flush();
    expect(mock.platform.inspect.events.received(TID).map((e) => e.meta.id)).toEqual(['gone-1', 'gone-2']);
  });

  it('stays held a second after adopting, so that no other tab reads the removed record from a stale copy', async () => {
    fakeLocks(false);
    start();
    await idle();
    await tick();
    await Promise.all(released);
    expect(heldMs).toHaveLength(1);
    expect(heldMs[0]).toBeGreaterThanOrEqual(1000);
  });

  it('held by another tab (null): nothing adopted, the record stays for the holder, no request sent', async () => {
    const requests = fakeLocks(true);
    const t = start();
    await idle();
    await tick();
    expect(requests).toEqual([
      { name: `_svcl:${TID}`, options: { ifAvailable: true }, storedBefore: true, storedAfter: true },
    ]);
    expect(t.queued).toBe(0);
    expect(JSON.parse(localStorage.getItem(LEFT)!).e.map((e: TrackingEvent) => e.meta.id)).toEqual([
      'gone-1',
      'gone-2',
    ]);
    await t.flush();
    expect(await mock.sent()).toEqual([]);
  });

  it('without storage (an opaque origin, where a lock request rejects too): no lock is requested', async () => {
    const requests = fakeLocks(false);
    const real = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const t = start();
      await idle();
      await tick();
      expect([requests, t.queued]).toEqual([[], 0]);
      warn.mockRestore();
    } finally {
      Object.defineProperty(window, 'localStorage', real);
    }
  });

  it('without Web Locks (plain http; happy-dom): the localStorage lock alone, adoption in idle time after start', async () => {
    expect(navigator.locks).toBeNull();
    const t = start();
    await idle();
    expect([t.queued, localStorage.getItem(LEFT)]).toEqual([2, null]);
  });
});
