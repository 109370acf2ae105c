// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { recommendations } from '../../src/recommendations';
import type { TrackingEvent } from '../../src/tracker';
import { useMockPlatform } from '../support/mock-server';
import { RAW_ANSWER, TID } from './feed';
import { ecView, recommendationEvents, useTrackers } from './page-tracker';

// Acceptance audit of issue 3 (in a page): the whole visitor id chain down to the cookies, and the
// tracker delivery path with weight coercion, once-per-item and inferred positions.
const mock = useMockPlatform();
const trackers = useTrackers(); // also clears both cookies before and after each test
beforeEach(() => mock.platform.faults.set('recommend', RAW_ANSWER));

const contextIds = async () =>
  (await mock.sent()).filter((r) => r.url.host === 'recs.svc.example').map((r) => r.url.searchParams.get('contextId'));

describe('visitorId: get(config) > initial config > meta > _svcTracker > svc_permanent', () => {
  it('each level beats the ones below it', async () => {
    document.cookie = 'svc_permanent=perm-v:1700000000; path=/';
    await recommendations({ meta: { trackingId: TID } }).get();
    document.cookie = '_svcTracker=cookie-v; path=/';
    await recommendations({ meta: { trackingId: TID } }).get();
    await recommendations({ meta: { trackingId: TID, visitorId: 'meta-v' } }).get();
    const client = recommendations({ meta: { trackingId: TID, visitorId: 'meta-v' } }, { visitorId: 'config-v' });
    await client.get();
    await client.get({ visitorId: 'get-v' });
    expect(await contextIds()).toEqual(['perm-v', 'cookie-v', 'meta-v', 'config-v', 'get-v']);
  });

  it('the cookie is read at each get(), not when the client is created', async () => {
    const client = recommendations({ meta: { trackingId: TID } });
    await client.get();
    document.cookie = '_svcTracker=later-v; path=/';
    await client.get();
    expect(await contextIds()).toEqual([null, 'later-v']);
  });
});

describe('path 2, the page tracker', () => {
  it('weight "1,234.50" is a number, shown once per item, clicked with its inferred position; no direct POST', async () => {
    mock.platform.faults.set('recommend', {
      raw: JSON.stringify({
        status: 200,
        result: {
          items: [
            { id: 'a', weight: 2, strategy: 'new', details: {} },
            { id: 'b', weight: 1, strategy: 'new', details: {} },
          ],
        },
      }),
    });
    const tracker = trackers.start();
    tracker.emit('ecView', ecView('en', 'GBP'));
    const emitted = recommendationEvents(tracker);
    const client = recommendations({ meta: { trackingId: TID, experienceId: 5 } });
    const items = await client.get();
    await client.shown(items[1]);
    await client.shown(items[1]);
    await client.clicked(items[1]);
    await client.shown({ id: 'c', weight: '1,234.50', strategy: 'new' });
    const expected = [
      ['recommendationShown', { id: 'b', weight: 1, strategy: 'new', experienceId: '5' }],
      ['recommendationClicked', { id: 'b', weight: 1, strategy: 'new', experienceId: '5', position: 2 }],
      ['recommendationShown', { id: 'c', weight: 1234.5, strategy: 'new', experienceId: '5' }],
    ];
    expect(emitted).toEqual(expected);
    await tracker.flush();
    const sent = await mock.sent();
    // The recs request carried the tracker's locale and visitor; every event went out in the tracker's batches.
    expect(sent.filter((r) => r.url.host === 'recs.svc.example').map((r) => r.url.search)).toEqual([
      `?strategy=popular&n=10&locale=en-GBP&contextId=${tracker.visitorId}&experienceId=5`,
    ]);
    const batched = sent
      .filter((r) => r.url.host === 'events.svc.example')
      .flatMap((r) => (r.json as { events: TrackingEvent[] }).events)
      .filter((e) => e.meta.type.startsWith('recommendation'));
    expect(batched.map((e) => [e.meta.pageViewId, e.meta.type, e.data])).toEqual(
      expected.map((e) => [tracker.pageViewId, ...e]),
    );
  });
});
