// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { answeringMock } from '../../src/core/endpoints';
import type { TrackingEvent } from '../../src/tracker';
import { useMockPlatform } from '../support/mock-server';
import { idle, useTrackers } from './helpers';

// What the tracker does in the task that starts it (the page's load), and what waits for the
// browser's idle time: the visitor cookies are read once and written at start; localStorage is
// opened, and what dead pages left adopted, in idle time, or at once when something must be written.
const mock = useMockPlatform();
const TID = 'shop_1';
const start = useTrackers(TID, { batchDelay: 0 });
const view = { type: 'home', language: 'en', country: 'GB', currency: 'GBP' };
const held = () => mock.platform.inspect.events.received(TID);
const queueKeys = () => Object.keys(localStorage).filter((k) => k.startsWith('_svcq:'));
const leftover: TrackingEvent = {
  meta: { id: 'gone-1', type: 'ecUser', ts: 1, visitorId: 'v', pageViewId: 'gone', seq: 1, url: 'u' },
  data: { user: { id: 'u' } },
};

/**
 * Counts from now on the page's raw reads of `document.cookie` and its uses of localStorage.
 * js-cookie reads `document.cookie` once when the page has no cookie, twice when it has some.
 */
function countAccess() {
  let jar: object = document;
  while (!Object.hasOwn(jar, 'cookie')) jar = Object.getPrototypeOf(jar);
  const cookieReads = vi.spyOn(jar as Document, 'cookie', 'get');
  const real = localStorage;
  const storage = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => real);
  cookieReads.mockClear();
  storage.mockClear();
  return { cookieReads: () => cookieReads.mock.calls.length, storage: () => storage.mock.calls.length };
}

describe('the work of the start', () => {
  // Core looks for the QA mock switch's cookie once per page, whichever client asks first: not counted here.
  beforeAll(() => answeringMock());

  it('granted: the cookies read once before writing the visitor cookies and once after, localStorage not touched', () => {
    const access = countAccess();
    const t = start();
    // 1 read of the empty jar before writing, then 2 of the jar holding the cookies written.
    expect([access.cookieReads(), access.storage()]).toEqual([3, 0]);
    expect(t.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(document.cookie).toContain(`_svcTracker=${t.visitorId}`);
  });

  it('pending: the cookies read once, nothing written', () => {
    document.cookie = '_svcTracker=known-visitor; Path=/';
    const access = countAccess();
    const t = start({ consent: 'pending' });
    expect([t.visitorId, access.cookieReads(), access.storage()]).toEqual(['known-visitor', 2, 0]);
  });

  it('storage opens in idle time: then what dead pages left is adopted and sent', async () => {
    localStorage.setItem(`_svcq:${TID}:gone`, JSON.stringify({ t: 0, e: [leftover] }));
    const t = start();
    expect([t.queued, queueKeys()]).toEqual([0, [`_svcq:${TID}:gone`]]);
    await idle();
    await vi.waitFor(() => expect(held().map((e) => e.meta.id)).toEqual(['gone-1']));
    expect(queueKeys()).toEqual([]);
  });

  it('events emitted before storage opens are sent from memory', async () => {
    const t = start();
    const event = t.emit('ecView', view);
    await vi.waitFor(() => expect(held().map((e) => e.meta.id)).toEqual([event.meta.id]));
    expect(queueKeys()).toEqual([]);
  });

  it('page exit before idle time: storage opens at once, and what waits is stored, released for the next page', () => {
    mock.platform.faults.set('events', { status: 503 });
    const t = start({ batchDelay: 60_000 });
    const event = t.emit('ecView', view);
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem(`_svcq:${TID}:${t.pageViewId}:0`)!)).toEqual([event]);
    expect(JSON.parse(localStorage.getItem(`_svcq:${TID}:${t.pageViewId}`)!)).toEqual({ t: 0 });
  });

  it('consent withdrawn before idle time: storage never opens', async () => {
    localStorage.setItem(`_svcq:${TID}:gone`, JSON.stringify({ t: 0, e: [leftover] }));
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    const t = start({ batchDelay: 60_000 });
    t.emit('ecView', view);
    t.consent('denied');
    await idle();
    await t.flush();
    // Not even the probe of createStore, which writes under the page view's key.
    const ours = writes.mock.calls.filter(([key]) => key.includes(t.pageViewId));
    const sent = held().filter((e) => e.meta.pageViewId === t.pageViewId || e.meta.id === leftover.meta.id);
    expect([ours, queueKeys(), sent]).toEqual([[], [`_svcq:${TID}:gone`], []]);
  });
});
