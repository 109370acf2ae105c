// @vitest-environment happy-dom
// Global Privacy Control and the IAB's Global Privacy Platform: the mapping of each to a consent,
// and a tracker following them. The GPP CMP is the IAB's own (`@iabgpp/cmpapi`), its sections
// encoded by the IAB's encoder.
import { CmpApi } from '@iabgpp/cmpapi';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recommendations } from '../../src/recommendations';
import { createTracker, type Tracker } from '../../src/tracker';
import { readGpc } from '../../src/tracker/signals/gpc';
import { followGpp, type GppReading, readGpp } from '../../src/tracker/signals/gpp';
import { useMockPlatform } from '../support/mock-server';
import { clearCookies } from '../support/set-cookie';

const tcf = { purposes: [1, 5, 6, 8, 9], vendorId: undefined };
const ID = { tcfeuv2: 2, uspv1: 6, usnat: 7, usca: 8, usco: 10 } as const;
type Section = keyof typeof ID;

/** A CMP made with the IAB's CmpApi on this page: `sections` set, applicable, its signal `ready` unless told. */
function cmp(sections: Partial<Record<Section, Record<string, unknown>>>, ready = true) {
  const api = new CmpApi(1, 1);
  for (const [section, fields] of Object.entries(sections))
    for (const [field, value] of Object.entries(fields)) api.setFieldValue(section, field, value);
  api.setApplicableSections(Object.keys(sections).map((section) => ID[section as Section]));
  api.setCmpStatus('loaded' as never);
  if (ready) api.setSignalStatus('ready' as never);
  return api;
}

/** The CMP's answer to `ping`: the pingData every event carries. */
const ping = () =>
  new Promise<Parameters<typeof readGpp>[0]>((resolve) =>
    (window as unknown as { __gpp: (c: string, cb: (data: never) => void) => void }).__gpp('ping', resolve),
  );

afterEach(() => {
  delete (window as { __gpp?: unknown }).__gpp;
  vi.unstubAllGlobals();
});

describe('Global Privacy Control', () => {
  it('navigator.globalPrivacyControl true is an opt-out; false or absent is none', () => {
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: true });
    expect(readGpc()).toEqual({ optOut: true, raw: { globalPrivacyControl: true } });
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: false });
    expect(readGpc()).toEqual({ optOut: false, raw: { globalPrivacyControl: false } });
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: undefined });
    expect(readGpc()).toEqual({ optOut: false, raw: { globalPrivacyControl: undefined } });
  });
});

describe('GPP: the applicable sections mapped to an opt-out', () => {
  const read = async (sections: Parameters<typeof cmp>[0], ready = true): Promise<GppReading> => {
    cmp(sections, ready);
    return readGpp(await ping(), tcf);
  };
  const didNot = { SaleOptOut: 2, SharingOptOut: 2, TargetedAdvertisingOptOut: 2 };

  it('no opt-out in usnat: ready, none', async () => {
    expect(await read({ usnat: didNot })).toEqual({
      ready: true,
      optOut: false,
      tcf: undefined,
      raw: { signalStatus: 'ready', applicable: ['usnat'], optOuts: { usnat: didNot } },
    });
  });

  it.each(['SaleOptOut', 'SharingOptOut', 'TargetedAdvertisingOptOut'])('%s in usnat is an opt-out', async (field) => {
    expect((await read({ usnat: { ...didNot, [field]: 1 } })).optOut).toBe(true);
  });

  it('in a state section: the sale and sharing opt-outs of usca, the targeted advertising one of usco', async () => {
    expect((await read({ usca: { SaleOptOut: 1, SharingOptOut: 2 } })).optOut).toBe(true);
    expect((await read({ usca: { SaleOptOut: 2, SharingOptOut: 1 } })).optOut).toBe(true);
    expect((await read({ usca: { SaleOptOut: 2, SharingOptOut: 2 } })).optOut).toBe(false);
    expect((await read({ usco: { SaleOptOut: 2, TargetedAdvertisingOptOut: 1 } })).optOut).toBe(true);
    expect((await read({ usco: { SaleOptOut: 2, TargetedAdvertisingOptOut: 2 } })).optOut).toBe(false);
  });

  it("uspv1's OptOutSale counts; 0 (not applicable) is no opt-out", async () => {
    expect((await read({ uspv1: { Notice: 'Y', OptOutSale: 'Y', LspaCovered: 'N' } })).optOut).toBe(true);
    expect((await read({ uspv1: { Notice: 'Y', OptOutSale: 'N', LspaCovered: 'N' } })).optOut).toBe(false);
    expect((await read({ usnat: { SaleOptOut: 0, SharingOptOut: 0, TargetedAdvertisingOptOut: 0 } })).optOut).toBe(
      false,
    );
  });

  it('a section that does not apply does not count', async () => {
    const api = cmp({ usnat: { ...didNot, SaleOptOut: 1 }, usca: { SaleOptOut: 2, SharingOptOut: 2 } });
    api.setApplicableSections([ID.usca]);
    expect(readGpp(await ping(), tcf)).toMatchObject({ optOut: false, raw: { applicable: ['usca'] } });
    api.setApplicableSections([-1]);
    expect(readGpp(await ping(), tcf)).toMatchObject({ optOut: false, raw: { applicable: [] } });
  });

  it('not ready until the CMP says its signal is', async () => {
    expect((await read({ usnat: { ...didNot, SaleOptOut: 1 } }, false)).ready).toBe(false);
  });

  it('tcfeuv2 inside GPP decides as the TCF reader does', async () => {
    const purposes = (...ids: number[]) => Array.from({ length: 24 }, (_, index) => ids.includes(index + 1));
    const granted = await read({ tcfeuv2: { PublisherConsents: purposes(1, 5, 6, 8, 9) } });
    expect(granted).toMatchObject({ tcf: 'granted', raw: { applicable: ['tcfeuv2'] } });
    expect(granted.raw.tcfeuv2?.purposes).toEqual({ 1: true, 5: true, 6: true, 8: true, 9: true });
    expect((await read({ tcfeuv2: { PublisherConsents: purposes(1, 5) } })).tcf).toBe('denied');
    cmp({ tcfeuv2: { PurposeConsents: purposes(1, 5, 6, 8, 9), VendorConsents: [755] } });
    expect(readGpp(await ping(), { ...tcf, vendorId: 755 }).tcf).toBe('granted');
    expect(readGpp(await ping(), { ...tcf, vendorId: 756 }).tcf).toBe('denied');
  });

  it('follows the CMP: each change, and no more once stopped', async () => {
    const api = cmp({ usnat: didNot });
    const readings: boolean[] = [];
    const stop = new AbortController();
    followGpp(tcf, (reading) => readings.push(reading.optOut), stop.signal);
    api.setFieldValue('usnat', 'SaleOptOut', 1);
    api.fireSectionChange('usnat');
    api.setFieldValue('usnat', 'SaleOptOut', 2);
    api.fireSectionChange('usnat');
    stop.abort();
    api.setFieldValue('usnat', 'SaleOptOut', 1);
    api.fireSectionChange('usnat');
    expect(readings).toEqual([false, true, false]);
  });
});

describe('a tracker following GPC and GPP', () => {
  const mock = useMockPlatform();
  let tracker: Tracker | undefined;
  beforeEach(() => clearCookies());
  afterEach(() => {
    tracker?.stop();
    tracker = undefined;
    clearCookies();
  });

  it('GPC on, by default: denied, as consent("denied"): no cookie, nothing sent', async () => {
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: true });
    tracker = createTracker({ trackingId: 'shop_gpc', consent: 'gpc', batchDelay: 0 });
    tracker.emit('ecUser', { user: { id: 'u1' } });
    await tracker.flush();
    expect([tracker.consentState, tracker.consentSource, tracker.consentSignals]).toEqual([
      'denied',
      'gpc',
      { gpc: { globalPrivacyControl: true } },
    ]);
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);
    expect(mock.platform.inspect.events.received('shop_gpc')).toEqual([]);
  });

  it('GPC on, optOut personalization-off: events sent, recommendations asked without the visitor id', async () => {
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: true });
    tracker = createTracker({ trackingId: 'shop_gpc', consent: 'gpc', optOut: 'personalization-off', batchDelay: 0 });
    tracker.emit('ecUser', { user: { id: 'u1' } });
    await tracker.flush();
    expect([tracker.consentState, tracker.mayPersonalize]).toEqual(['granted', false]);
    expect(mock.platform.inspect.events.received('shop_gpc')).toHaveLength(1);
    await recommendations({ meta: { trackingId: 'shop_gpc' } })
      .get()
      .catch(() => undefined);
    const recs = (await mock.sent()).find((request) => request.url.pathname.startsWith('/vc/recommend/'))!;
    expect(recs.url.searchParams.has('contextId')).toBe(false);
  });

  it('GPC off: granted and personal', () => {
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: false });
    tracker = createTracker({ trackingId: 'shop_gpc', consent: 'gpc' });
    expect([tracker.consentState, tracker.mayPersonalize]).toEqual(['granted', true]);
  });

  it('GPP: pending until ready, then each change of mind; with GPC the strictest wins', () => {
    const api = cmp({ usnat: { SaleOptOut: 2, SharingOptOut: 2, TargetedAdvertisingOptOut: 2 } }, false);
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: false });
    tracker = createTracker({ trackingId: 'shop_gpp', consent: 'gpp gpc' });
    expect(tracker.consentState).toBe('pending');
    api.setSignalStatus('ready' as never);
    expect([tracker.consentState, tracker.consentSource]).toEqual(['granted', 'gpp']);
    api.setFieldValue('usnat', 'SharingOptOut', 1);
    api.fireSectionChange('usnat');
    expect([tracker.consentState, tracker.consentSource]).toEqual(['denied', 'gpp']);
    api.setFieldValue('usnat', 'SharingOptOut', 2);
    api.fireSectionChange('usnat');
    expect(tracker.consentState).toBe('granted');
  });

  it('refuses an unknown signal, or one named twice, before anything happens', () => {
    expect(() => createTracker({ trackingId: 'shop', consent: 'gpp gpx' as never })).toThrow(/options\.consent/);
    expect(() => createTracker({ trackingId: 'shop', consent: 'gpc gpc' as never })).toThrow(/options\.consent/);
    expect(() => createTracker({ trackingId: 'shop', consent: 'gpc', optOut: 'never' as never })).toThrow(
      /options\.optOut/,
    );
    expect(document.cookie).toBe('');
  });
});
