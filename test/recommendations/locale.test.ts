import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useMockPlatform } from '../support/mock-server';
import { recommendations } from '../../src/recommendations';
import { setPageTracker } from '../../src/core/tracker-slot';
import { RAW_ANSWER, TID } from './feed';
import { ecView, pageTrackerWith } from './tracker-double';

// locale: explicit config, else `<language>-<CURRENCY>` of the page tracker's last ecView, else not sent.
const mock = useMockPlatform();
beforeEach(() => mock.platform.faults.set('recommend', RAW_ANSWER));
afterEach(() => setPageTracker(undefined));

const localeSent = async () => (await mock.sent()).map((r) => r.url.searchParams.get('locale'));

describe('locale', () => {
  it('not sent without a tracker', async () => {
    await recommendations({ meta: { trackingId: TID } }).get();
    expect((await mock.sent())[0].url.search).toBe('?strategy=popular&n=10');
  });

  it('from the last ecView of the page tracker', async () => {
    setPageTracker(pageTrackerWith([ecView('en', 'GBP'), ecView('de', 'EUR')]));
    await recommendations({ meta: { trackingId: TID } }).get();
    expect((await mock.sent())[0].url.search).toBe('?strategy=popular&n=10&locale=de-EUR');
  });

  it('follows ecView events emitted after the client was created', async () => {
    const tracker = pageTrackerWith([ecView('en', 'GBP')]);
    setPageTracker(tracker);
    const client = recommendations({ meta: { trackingId: TID } });
    await client.get();
    tracker.emit('ecView', ecView('fr', 'EUR').data);
    await client.get();
    expect(await localeSent()).toEqual(['en-GBP', 'fr-EUR']);
  });

  it('from options.tracker over the page tracker', async () => {
    setPageTracker(pageTrackerWith([ecView('en', 'GBP')]));
    await recommendations({ meta: { trackingId: TID }, tracker: pageTrackerWith([ecView('nl', 'EUR')]) }).get();
    expect(await localeSent()).toEqual(['nl-EUR']);
  });

  it('explicit config beats the tracker; get config beats the initial one', async () => {
    setPageTracker(pageTrackerWith([ecView('en', 'GBP')]));
    const client = recommendations({ meta: { trackingId: TID } }, { locale: 'sv-SEK' });
    await client.get();
    await client.get({ locale: 'da-DKK' });
    expect(await localeSent()).toEqual(['sv-SEK', 'da-DKK']);
  });

  it.each<[string, unknown, unknown]>([
    ['no currency', 'en', undefined],
    ['no language', undefined, 'GBP'],
    ['a numeric currency', 'en', 826],
  ])('not sent when the last ecView has %s', async (_name, language, currency) => {
    setPageTracker(pageTrackerWith([ecView('en', 'GBP'), ecView(language, currency)]));
    await recommendations({ meta: { trackingId: TID } }).get();
    expect(await localeSent()).toEqual([null]);
  });

  it('not sent when the tracker saw no ecView (other events only)', async () => {
    setPageTracker(pageTrackerWith([{ meta: { type: 'ecProduct' }, data: { eventType: 'detail', product: { productId: 'p1' } } }]));
    await recommendations({ meta: { trackingId: TID } }).get();
    expect(await localeSent()).toEqual([null]);
  });

  it('reading the locale leaves no handler subscribed', async () => {
    const tracker = pageTrackerWith([ecView('en', 'GBP')]);
    let subscribed = 0;
    const on = tracker.on;
    tracker.on = (type, handler) => {
      subscribed++;
      const off = on(type, handler);
      return () => {
        subscribed--;
        return off();
      };
    };
    await recommendations({ meta: { trackingId: TID }, tracker }).get();
    expect(subscribed).toBe(0);
  });
});
