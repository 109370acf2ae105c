// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setPageTracker } from '../../src/core/tracker-slot';
import { recommendations } from '../../src/recommendations';
import type { TrackingEvent } from '../../src/tracker';
import { useMockPlatform } from '../support/mock-server';
import { RAW_ANSWER, TID } from './feed';
import { recommendationEvents, useTrackers } from './page-tracker';

// shown()/clicked() through the second delivery path: the page's tracker (a real @svc/tracker),
// which queues the events and delivers them in its batches to the mock's events route.
const mock = useMockPlatform();
const trackers = useTrackers();
beforeEach(() => mock.platform.faults.set('recommend', RAW_ANSWER));

/** Hosts of the requests sent, and the events of every events request with the page view that sent them. */
async function traffic() {
  const sent = await mock.sent();
  const batches = sent
    .filter((r) => r.url.host === 'events.svc.example')
    .map((r) => r.json as { events: TrackingEvent[] });
  return {
    recs: sent.filter((r) => r.url.host === 'recs.svc.example').length,
    events: batches.flatMap((b) => b.events.map((e) => [e.meta.pageViewId, e.meta.type, e.data])),
  };
}

describe('path 2: the page tracker', () => {
  it('options.tracker receives emit(type, data) and delivers it; the client sends no request of its own', async () => {
    const tracker = trackers.start();
    setPageTracker(undefined); // only options.tracker names it
    const emitted = recommendationEvents(tracker);
    const client = recommendations({ meta: { trackingId: TID, experienceId: 'exp-1' }, tracker });
    const items = await client.get();
    await client.shown(items[0]);
    await client.shown(items[0]);
    await client.clicked(items[1]);
    const expected = [
      ['recommendationShown', { id: 'p2', weight: 9.5, strategy: 'popular', experienceId: 'exp-1' }],
      ['recommendationClicked', { id: 'p4', weight: 7, strategy: 'cf_viewed', experienceId: 'exp-1', position: 2 }],
    ];
    expect(emitted).toEqual(expected);
    await tracker.flush();
    expect(await traffic()).toEqual({ recs: 1, events: expected.map((e) => [tracker.pageViewId, ...e]) });
    expect(mock.platform.inspect.events.received(TID).map((e) => [e.meta.type, e.data])).toEqual(expected);
  });

  it('the page tracker (pageTracker()) when options name none', async () => {
    const tracker = trackers.start();
    const emitted = recommendationEvents(tracker);
    const client = recommendations({ meta: { trackingId: TID } });
    const items = await client.get();
    await client.shown(items[2]);
    const expected = [['recommendationShown', { id: 'p1', weight: 3, strategy: 'popular' }]];
    expect(emitted).toEqual(expected);
    await tracker.flush();
    expect(await traffic()).toEqual({ recs: 1, events: expected.map((e) => [tracker.pageViewId, ...e]) });
  });

  it('emitMetric wins over a tracker', async () => {
    const tracker = trackers.start();
    const emitted = recommendationEvents(tracker);
    const emitMetric = vi.fn();
    const client = recommendations({ meta: { trackingId: TID }, emitMetric, tracker });
    await client.shown((await client.get())[0]);
    expect(emitMetric).toHaveBeenCalledTimes(1);
    expect(emitted).toEqual([]);
    await tracker.flush();
    expect(await traffic()).toEqual({ recs: 1, events: [] });
  });
});
