// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { setPageTracker } from '../../src/core/tracker-slot';
import { InvalidArgumentError, recommendations } from '../../src/recommendations';
import { useMockPlatform } from '../support/mock-server';
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
    expect((await recsSent())[0].url.search).toBe(
      `?strategy=popular&n=10&locale=de-EUR&contextId=${tracker.visitorId}`,
    );
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

// Browser locales (navigator.language) and the platform's form: core's one rule (test/core/locale.test.ts).
describe('locale: language tags and the platform form', () => {
  it.each<[string, string, string]>([
    ['de-DE', 'EUR', 'de-EUR'],
    ['de_DE', 'EUR', 'de-EUR'],
    ['en-gb', 'gbp', 'en-GBP'],
    ['fr', 'EUR', 'fr-EUR'],
  ])('an ecView with language %s and currency %s sends locale=%s', async (language, currency, locale) => {
    trackers.start().emit('ecView', ecView(language, currency));
    await recommendations({ meta: { trackingId: TID } }).get();
    expect(await localeSent()).toEqual([locale]);
  });

  it('a config locale in any accepted form is sent in the platform form', async () => {
    const client = recommendations({ meta: { trackingId: TID } }, { locale: 'de-DE-EUR' });
    await client.get();
    await client.get({ locale: 'en-gb-gbp' });
    await client.get({ locale: 'fr_FR-eur' });
    expect(await localeSent()).toEqual(['de-EUR', 'en-GBP', 'fr-EUR']);
  });

  it.each<[unknown]>([['de'], ['EUR'], ['de-EURO'], [''], [42]])(
    'refuses locale %j before any request',
    async (locale) => {
      const client = recommendations({ meta: { trackingId: TID } });
      await expect(client.get({ locale: locale as string })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        argument: 'locale',
      });
      await expect(
        recommendations({ meta: { trackingId: TID } }, { defaultLocale: locale as string }).get(),
      ).rejects.toMatchObject({ argument: 'defaultLocale' });
      expect(await mock.sent()).toEqual([]);
    },
  );
});

// Precedence: config locale (get's over the initial one) > the page's last ecView > config defaultLocale > none.
describe('defaultLocale: the locale before any ecView', () => {
  it('is sent while the page has no ecView, in the platform form', async () => {
    const client = recommendations({ meta: { trackingId: TID } }, { defaultLocale: 'de-DE-EUR' });
    await client.get();
    trackers.start();
    await client.get();
    await client.get({ defaultLocale: 'fr-EUR' });
    expect(await localeSent()).toEqual(['de-EUR', 'de-EUR', 'fr-EUR']);
  });

  it('gives way to the first ecView, and to a config locale', async () => {
    const tracker = trackers.start();
    const client = recommendations({ meta: { trackingId: TID } }, { defaultLocale: 'de-EUR' });
    await client.get();
    tracker.emit('ecView', ecView('fr-FR', 'EUR'));
    await client.get();
    await client.get({ locale: 'en-GBP' });
    expect(await localeSent()).toEqual(['de-EUR', 'fr-EUR', 'en-GBP']);
  });

  it('is used when the ecView has a language that is no language tag', async () => {
    // The tracker requires language and currency to be strings, not tags: "Deutsch" is one it accepts.
    const tracker = trackers.start();
    tracker.emit('ecView', ecView('Deutsch', 'EUR'));
    await recommendations({ meta: { trackingId: TID } }, { defaultLocale: 'de-EUR' }).get();
    await recommendations({ meta: { trackingId: TID } }).get();
    expect(await localeSent()).toEqual(['de-EUR', null]);
  });
});
