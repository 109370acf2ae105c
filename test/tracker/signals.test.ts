// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recommendations } from '../../src/recommendations';
import { createTracker, type Tracker } from '../../src/tracker';
import { followGcm, readGcm } from '../../src/tracker/signals/gcm';
import { followTcf, readTcData, type TcData } from '../../src/tracker/signals/tcf';
import { useMockPlatform } from '../support/mock-server';
import { clearCookies } from '../support/set-cookie';

const settings = { purposes: [1, 5, 6, 8, 9], vendorId: undefined };
const consents = (...ids: number[]) => Object.fromEntries(ids.map((id) => [String(id), true]));
const decided = (publisher: number[], extra: Partial<TcData> = {}): TcData => ({
  gdprApplies: true,
  eventStatus: 'useractioncomplete',
  publisher: { consents: consents(...publisher) },
  ...extra,
});

describe('TCF: the TC data mapped to a consent', () => {
  it("granted when every purpose needed has the publisher's consent", () => {
    expect(readTcData(decided([1, 5, 6, 8, 9]), settings).state).toBe('granted');
    expect(readTcData(decided([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]), settings).state).toBe('granted');
  });

  it('denied when one is missing: Purpose 1 only, or all but measurement', () => {
    expect(readTcData(decided([1]), settings).state).toBe('denied');
    expect(readTcData(decided([1, 5, 6]), settings).state).toBe('denied');
    expect(readTcData(decided([]), settings).state).toBe('denied');
  });

  it('granted whatever the consents when GDPR does not apply', () => {
    expect(readTcData({ gdprApplies: false, eventStatus: 'tcloaded' }, settings).state).toBe('granted');
  });

  it('no decision until the CMP reports one: cmpuishown, or no eventStatus', () => {
    expect(readTcData(decided([1, 5, 6, 8, 9], { eventStatus: 'cmpuishown' }), settings).state).toBeUndefined();
    expect(readTcData(decided([1, 5, 6, 8, 9], { eventStatus: undefined }), settings).state).toBeUndefined();
    expect(readTcData(decided([1, 5, 6, 8, 9], { eventStatus: 'tcloaded' }), settings).state).toBe('granted');
  });

  it("with a vendor id: the purposes' consents and that vendor's, not the publisher's", () => {
    const vendor = { purposes: [1, 5], vendorId: 755 };
    const data = (vendors: number[]): TcData => ({
      gdprApplies: true,
      eventStatus: 'tcloaded',
      purpose: { consents: consents(1, 5) },
      vendor: { consents: consents(...vendors) },
      publisher: { consents: {} },
    });
    expect(readTcData(data([755]), vendor)).toEqual({
      state: 'granted',
      raw: { gdprApplies: true, eventStatus: 'tcloaded', purposes: { 1: true, 5: true }, vendor: true },
    });
    expect(readTcData(data([1]), vendor).state).toBe('denied');
  });
});

describe('Consent Mode: the commands mapped to a consent', () => {
  const raw = (defaults: object, update: object) => ({ default: defaults, update }) as Parameters<typeof readGcm>[0];

  it('an update decides; a default of granted decides; a default of denied waits for the banner', () => {
    expect(readGcm(raw({ analytics_storage: 'denied' }, {})).state).toBeUndefined();
    expect(readGcm(raw({ analytics_storage: 'granted' }, {})).state).toBe('granted');
    expect(readGcm(raw({ analytics_storage: 'denied' }, { analytics_storage: 'granted' })).state).toBe('granted');
    expect(readGcm(raw({ analytics_storage: 'granted' }, { analytics_storage: 'denied' })).state).toBe('denied');
    expect(readGcm(raw({}, {})).state).toBeUndefined();
  });

  it('personalization_storage decides personalisation; never set, analytics_storage does', () => {
    expect(readGcm(raw({}, { analytics_storage: 'granted' })).personalization).toBe(true);
    expect(readGcm(raw({}, { analytics_storage: 'denied' })).personalization).toBe(false);
    const split = readGcm(raw({}, { analytics_storage: 'granted', personalization_storage: 'denied' }));
    expect([split.state, split.personalization]).toEqual(['granted', false]);
    expect(readGcm(raw({ personalization_storage: 'denied' }, { analytics_storage: 'granted' })).personalization).toBe(
      false,
    );
  });
});

describe('following the page', () => {
  const page = globalThis as { dataLayer?: unknown; __tcfapi?: unknown };
  let abort: AbortController;
  beforeEach(() => {
    abort = new AbortController();
    delete page.dataLayer;
    delete page.__tcfapi;
  });
  afterEach(() => {
    abort.abort();
    vi.useRealTimers();
  });

  // The gtag snippet: `function gtag(){dataLayer.push(arguments)}`.
  function gtag(..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: gtag pushes its arguments object, as this copy of it does.
    (page.dataLayer as unknown[]).push(arguments);
  }

  it('reads the commands pushed before it, then each one pushed after; other pushes pass through', () => {
    page.dataLayer = [];
    gtag('consent', 'default', { analytics_storage: 'denied', personalization_storage: 'denied' });
    gtag('js', new Date());
    const readings: unknown[] = [];
    followGcm((reading) => readings.push([reading.state, reading.personalization]), abort.signal);
    expect(readings).toEqual([[undefined, false]]);
    gtag('consent', 'update', { analytics_storage: 'granted', personalization_storage: 'granted' });
    (page.dataLayer as unknown[]).push({ event: 'page_view' });
    expect(readings).toEqual([
      [undefined, false],
      ['granted', true],
    ]);
    expect((page.dataLayer as unknown[]).length).toBe(4);
  });

  it('a push replaced by a tag manager before or after keeps working, and keeps being read', () => {
    page.dataLayer = [];
    const seenByTagManager: unknown[] = [];
    const wrap = () => {
      const layer = page.dataLayer as unknown[];
      const previous = layer.push;
      layer.push = function (...items: unknown[]) {
        seenByTagManager.push(...items);
        return previous.apply(this, items);
      };
    };
    wrap(); // loaded before us
    const readings: unknown[] = [];
    followGcm((reading) => readings.push(reading.state), abort.signal);
    wrap(); // loaded after us
    gtag('consent', 'update', { analytics_storage: 'granted' });
    expect(readings).toEqual(['granted']);
    expect(seenByTagManager).toHaveLength(2);
    expect((page.dataLayer as unknown[]).length).toBe(1);
  });

  it('creates the data layer where the page has none yet, so a later gtag snippet keeps it', () => {
    const readings: unknown[] = [];
    followGcm((reading) => readings.push(reading.state), abort.signal);
    page.dataLayer = page.dataLayer || [];
    gtag('consent', 'update', { analytics_storage: 'denied' });
    expect(readings).toEqual(['denied']);
  });

  it('finds a CMP that loads after the tracker, and removes its listener when stopped', () => {
    vi.useFakeTimers();
    const readings: unknown[] = [];
    followTcf(settings, (reading) => readings.push(reading.state), abort.signal);
    const calls: unknown[][] = [];
    page.__tcfapi = (
      command: string,
      version: number,
      callback: (data: TcData, ok: boolean) => void,
      param: unknown,
    ) => {
      calls.push([command, version, param]);
      if (command === 'addEventListener') callback({ ...decided([1, 5, 6, 8, 9]), listenerId: 4 }, true);
    };
    vi.advanceTimersByTime(200);
    expect(readings).toEqual(['granted']);
    abort.abort();
    expect(calls).toEqual([
      ['addEventListener', 2, undefined],
      ['removeEventListener', 2, 4],
    ]);
  });

  it('looks for a late CMP for 30 s, then stops looking (consent stays undecided)', () => {
    vi.useFakeTimers();
    const readings: unknown[] = [];
    followTcf(settings, (reading) => readings.push(reading.state), abort.signal);
    vi.advanceTimersByTime(30_200);
    expect(vi.getTimerCount()).toBe(0);
    expect(readings).toEqual([]);
  });
});

describe('a tracker following a signal', () => {
  const mock = useMockPlatform();
  const TID = 'shop_1';
  const page = globalThis as { dataLayer?: unknown[] };
  const started: Tracker[] = [];
  const start = (consent: 'gcm' | 'tcf' | 'tcf gcm') => {
    const tracker = createTracker({ trackingId: TID, consent, batchDelay: 0 });
    started.push(tracker);
    return tracker;
  };
  const update = (fields: object) => page.dataLayer!.push(['consent', 'update', fields]);
  beforeEach(() => {
    localStorage.clear();
    clearCookies();
    page.dataLayer = [];
  });
  afterEach(() => {
    for (const tracker of started.splice(0)) tracker.stop();
  });

  it('starts pending (nothing written), then follows each change; a manual call holds until the next change', async () => {
    const tracker = start('gcm');
    expect([tracker.consentState, tracker.consentSource]).toEqual(['pending', 'gcm']);
    tracker.emit('ecUser', { user: { id: 'u1' } });
    expect(document.cookie).toBe('');
    update({ analytics_storage: 'granted' });
    expect(tracker.consentState).toBe('granted');
    expect(document.cookie).toContain(`_svcTracker=${tracker.visitorId}`);
    await tracker.flush();
    expect(mock.platform.inspect.events.received(TID)).toHaveLength(1);

    tracker.consent('denied');
    expect([tracker.consentState, tracker.consentSource]).toEqual(['denied', 'manual']);
    update({ analytics_storage: 'granted' }); // no change of the signal: the manual call holds
    expect(tracker.consentState).toBe('denied');
    update({ analytics_storage: 'denied' });
    update({ analytics_storage: 'granted' });
    expect([tracker.consentState, tracker.consentSource]).toEqual(['granted', 'gcm']);
    expect(tracker.consentSignals.gcm?.update).toEqual({ analytics_storage: 'granted' });
  });

  it('personalization_storage denied: recommendations send no contextId, events still go', async () => {
    const tracker = start('gcm');
    update({ analytics_storage: 'granted', personalization_storage: 'denied' });
    expect(tracker.mayPersonalize).toBe(false);
    await recommendations({ meta: { trackingId: TID } })
      .get()
      .catch(() => undefined);
    const sent = await mock.sent();
    const recs = sent.find((request) => request.url.pathname.startsWith('/vc/recommend/'))!;
    expect(recs.url.searchParams.has('contextId')).toBe(false);
    update({ personalization_storage: 'granted' });
    expect(tracker.mayPersonalize).toBe(true);
  });

  it('both signals: the stricter one wins', () => {
    const tracker = start('tcf gcm');
    update({ analytics_storage: 'granted' });
    expect([tracker.consentState, tracker.consentSource]).toEqual(['pending', 'tcf']); // the CMP has not decided
    update({ analytics_storage: 'denied' });
    expect([tracker.consentState, tracker.consentSource]).toEqual(['denied', 'gcm']);
  });
});
