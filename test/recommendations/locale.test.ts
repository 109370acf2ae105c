// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { useMockPlatform } from '../support/mock-server';
import { recommendations, InvalidArgumentError } from '../../src/recommendations';
import { setPageTracker } from '../../src/core/tracker-slot';
import { RAW_ANSWER, TID } from './feed';
import { ecView, useTrackers } from './page-tracker';

// locale: explicit config, else `<language>-<CURRENCY>` of the page tracker's last ecView, else not sent.
// The trackers are real @svc/tracker instances (their visitor id then goes out as contextId).
const mock = useMockPlatform();
const trackers = useTrackers();
beforeEach(() => mock.platform.faults.set('recommend', RAW_ANSWER));

const recsSent = async () => (await mock.sent()).filter((r) => r.url.host === 'recs.svc.example');
const localeSent = async () => (await recsSent()).map((r) => r.url.searchParams.get('locale'));

describe('locale', () => {
  it('not sent without a tracker', async () => {
    await recommendations({ meta: { trackingId: TID } }).get();
    expect((await mock.sent())[0].url.search).toBe('?strategy=popular&n=10');
  });

  it('from the last ecView of the page tracker', async () => {
    const tracker = trackers.start();
    tracker.emit('ecView', ecView('en', 'GBP'));
    tracker.emit('ecView', ecView('de', 'EUR'));
    await recommendations({ meta: { trackingId: TID } }).get();
    expect((await recsSent())[0].url.search).toBe(`?strategy=popular&n=10&locale=de-EUR&contextId=${tracker.visitorId}`);
  });

  it('follows ecView events emitted after the client was created', async () => {
    const tracker = trackers.start();
    tracker.emit('ecView', ecView('en', 'GBP'));
    const client = recommendations({ meta: { trackingId: TID } });
    await client.get();
    tracker.emit('ecView', ecView('fr', 'EUR'));
    await client.get();
    expect(await localeSent()).toEqual(['en-GBP', 'fr-EUR']);
  });

  it('from options.tracker over the page tracker', async () => {
    const own = trackers.start();
    own.emit('ecView', ecView('nl', 'EUR'));
    const page = trackers.start();
    page.emit('ecView', ecView('en', 'GBP'));
    setPageTracker(page);
    await recommendations({ meta: { trackingId: TID }, tracker: own }).get();
    expect(await localeSent()).toEqual(['nl-EUR']);
  });

  it('explicit config beats the tracker; get config beats the initial one', async () => {
    trackers.start().emit('ecView', ecView('en', 'GBP'));
    const client = recommendations({ meta: { trackingId: TID } }, { locale: 'sv-SEK' });
    await client.get();
    await client.get({ locale: 'da-DKK' });
    expect(await localeSent()).toEqual(['sv-SEK', 'da-DKK']);
  });

  // A malformed ecView never becomes the locale: the tracker refuses it (naming the field), so the
  // last ecView of the page stays the last well-formed one.
  it.each<[string, unknown, unknown, string]>([
    ['no currency', 'en', undefined, 'data.currency'],
    ['no language', undefined, 'GBP', 'data.language'],
    ['a numeric currency', 'en', 826, 'data.currency'],
  ])('an ecView with %s is refused and not used', async (_name, language, currency, argument) => {
    const tracker = trackers.start();
    tracker.emit('ecView', ecView('en', 'GBP'));
    let error: unknown;
    try {
      tracker.emit('ecView', ecView(language as string, currency as string));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).argument).toBe(argument);
    await recommendations({ meta: { trackingId: TID } }).get();
    expect(await localeSent()).toEqual(['en-GBP']);
  });

  it('not sent when the tracker saw no ecView (other events only)', async () => {
    trackers.start().emit('ecProduct', { eventType: 'detail', product: { productId: 'p1' } });
    await recommendations({ meta: { trackingId: TID } }).get();
    expect(await localeSent()).toEqual([null]);
  });

  it('reading the locale leaves no handler subscribed', async () => {
    const tracker = trackers.start();
    tracker.emit('ecView', ecView('en', 'GBP'));
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
    expect(await localeSent()).toEqual(['en-GBP']);
    expect(subscribed).toBe(0);
  });
});
