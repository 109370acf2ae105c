// @vitest-environment happy-dom
// Issue 33, point 8: one bad event must not drop good ones. Stored events are checked before they
// join a batch (a bad one is left out and counted as `invalid`); a 400 for a batch of several is
// split until the bad event is alone, and only it is dropped.
import { gunzipSync } from 'node:zlib';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { TrackingEvent } from '../../src/tracker';
import { useMockPlatform } from '../support/mock-server';
import { useTrackers } from './helpers';

const mock = useMockPlatform();
const TID = 'shop_1';
const URL_ = `https://events.svc.example/events/v1/${TID}`;
const start = useTrackers(TID, { batchDelay: 0, retryBase: 1, retryMax: 5 });
const product = (id: string) => ({ eventType: 'detail', product: { productId: id } });
const heldIds = () => mock.platform.inspect.events.received(TID).map((e) => e.meta.id);
const stored = (id: string): TrackingEvent => ({
  meta: { id, type: 'ecProduct', ts: 1, visitorId: 'v', pageViewId: 'dead', seq: 1, url: 'https://shop.example/' },
  data: product('p-stored'),
});

describe('adopted events are checked before they join a batch', () => {
  it('a dead page’s chunk with one malformed and one valid event: the valid one and the page’s own 5 are delivered', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(`_svcq:${TID}:dead`, JSON.stringify({ t: 0 }));
    localStorage.setItem(`_svcq:${TID}:dead:0`, JSON.stringify([{ meta: { id: 'bad-1' } }, stored('good-1')]));
    const t = start();
    const own = Array.from({ length: 5 }, (_, i) => t.emit('ecProduct', product(`p${i}`)).meta.id);
    await t.flush();
    expect(heldIds().sort()).toEqual(['good-1', ...own].sort());
    expect(t.dropped).toEqual({ overflow: 0, rejected: 0, invalid: 1 });
    expect(t.queued).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('stored event.meta.type'));
    // Nothing refused on the way: every request was accepted.
    expect(mock.platform.inspect.events.stats(TID)).toMatchObject({ rejected: 0 });
  });
});

describe('a 400 for a batch of several events', () => {
  it('is split until the bad event is alone: only it is dropped (rejected), the 6 others delivered', async () => {
    // The platform refuses any batch holding the product "poison" (an event the client cannot judge).
    mock.server.use(
      http.post(URL_, async ({ request }) => {
        const raw = Buffer.from(await request.clone().arrayBuffer());
        const text =
          new URL(request.url).searchParams.get('encoding') === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
        if (text.includes('"poison"')) return HttpResponse.json({ status: 400, message: 'poison' }, { status: 400 });
        return undefined; // the mock platform answers
      }),
    );
    const t = start();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(t.emit('ecProduct', product(i === 4 ? 'poison' : `p${i}`)).meta.id);
    await t.flush();
    expect(heldIds().sort()).toEqual(ids.filter((_, i) => i !== 4).sort());
    expect(t.dropped).toEqual({ overflow: 0, rejected: 1, invalid: 0 });
    expect(t.queued).toBe(0);
    const sizes = (await mock.sent()).map((r) => (r.json as { events: unknown[] }).events.length);
    // 7 refused -> halves of 4: the first 4 accepted, the other 3 refused -> halves of 2: 2 refused
    // -> halves of 1: the bad one refused alone, the next accepted; then the last one, in a whole batch.
    expect(sizes).toEqual([7, 4, 3, 2, 1, 1, 1]);
  });
});
