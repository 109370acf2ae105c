import { expect, type Page, test } from '@playwright/test';
import { emit, held, platformFor, stateOf, type TrackerWindow } from './consent-pages';

// US opt-outs in Chromium: the IAB's Global Privacy Platform against the IAB's own CMP API and
// encoder (demo/privacy/cmp.ts, `window.svcGpp`: every choice published as the GPP string its
// encoder makes), and Global Privacy Control as `navigator.globalPrivacyControl`. The platform
// runs here, behind Playwright routes.

const ALL_PURPOSES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

type OptOuts = Partial<Record<'SaleOptOut' | 'SharingOptOut' | 'TargetedAdvertisingOptOut', boolean>>;
type Choice = { section: 'usnat' | 'usca' | 'usco'; optOuts: OptOuts } | { section: 'tcfeuv2'; purposes: number[] };

interface Page$ extends TrackerWindow {
  svcGpp: { load(): void; show(): void; decide(choice: Choice): string; noSection(): void };
}

/** Loads the GPP CMP (it takes over the stub's queued calls) and publishes `choice`. */
const decide = (page: Page, choice: Choice, load = true) =>
  page.evaluate(
    ([given, first]) => {
      const { svcGpp } = window as unknown as Page$;
      if (first) svcGpp.load();
      return svcGpp.decide(given);
    },
    [choice, load] as const,
  );

const NONE: OptOuts = { SaleOptOut: false, SharingOptOut: false, TargetedAdvertisingOptOut: false };
const DENIED = { consent: 'denied', source: 'gpp', cookie: false, stored: false };

test.describe('IAB GPP (data-consent="gpp")', () => {
  test('no opt-out: pending until the signal is ready, then granted and the events held sent', async ({
    context,
    page,
  }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/privacy-gpp.html');
    await emit(page, 3);
    expect(await stateOf(page)).toEqual({ consent: 'pending', source: 'gpp', cookie: false, stored: false });
    await page.evaluate(() => (window as unknown as Page$).svcGpp.load());
    expect((await stateOf(page)).consent).toBe('pending'); // loaded, its signal not ready
    const gppString = await decide(page, { section: 'usnat', optOuts: NONE }, false);
    expect(gppString).toMatch(/^DB/); // the encoder's header: a GPP string
    expect(await stateOf(page)).toMatchObject({ consent: 'granted', source: 'gpp', cookie: true });
    await emit(page, 0);
    expect(held(platform)).toBe(3);
    const signals = await page.evaluate(() => (window as unknown as Page$).svc.tracker.consentSignals);
    expect(signals).toEqual({
      gpp: {
        signalStatus: 'ready',
        applicable: ['usnat'],
        optOuts: { usnat: { SaleOptOut: 2, SharingOptOut: 2, TargetedAdvertisingOptOut: 2 } },
      },
    });
  });

  for (const field of ['SaleOptOut', 'SharingOptOut', 'TargetedAdvertisingOptOut'] as const) {
    test(`${field} in usnat: denied, nothing written, nothing sent`, async ({ context, page }) => {
      const platform = await platformFor(context);
      await page.goto('/test-pages/privacy-gpp.html');
      await emit(page, 2);
      await decide(page, { section: 'usnat', optOuts: { ...NONE, [field]: true } });
      await emit(page, 2);
      expect(await stateOf(page)).toEqual(DENIED);
      expect(held(platform)).toBe(0);
      expect(await page.evaluate(() => (window as unknown as Page$).svc.tracker.queued)).toBe(0);
    });
  }

  const stateSections: [string, Choice][] = [
    ['the sale opt-out of usca (California)', { section: 'usca', optOuts: { SaleOptOut: true, SharingOptOut: false } }],
    ['the sharing opt-out of usca', { section: 'usca', optOuts: { SaleOptOut: false, SharingOptOut: true } }],
    [
      'the targeted advertising opt-out of usco (Colorado)',
      { section: 'usco', optOuts: { SaleOptOut: false, TargetedAdvertisingOptOut: true } },
    ],
  ];
  for (const [name, choice] of stateSections) {
    test(`a state section, ${name}: denied`, async ({ context, page }) => {
      const platform = await platformFor(context);
      await page.goto('/test-pages/privacy-gpp.html');
      await decide(page, choice);
      await emit(page, 2);
      expect(await stateOf(page)).toEqual(DENIED);
      expect(held(platform)).toBe(0);
    });
  }

  test('a state section without an opt-out: granted', async ({ context, page }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/privacy-gpp.html');
    await decide(page, { section: 'usco', optOuts: { SaleOptOut: false, TargetedAdvertisingOptOut: false } });
    await emit(page, 1);
    expect((await stateOf(page)).consent).toBe('granted');
    expect(held(platform)).toBe(1);
  });

  test('tcfeuv2 inside GPP decides as TCF: every purpose granted, Purpose 1 alone denied', async ({
    context,
    page,
  }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/privacy-gpp.html');
    await decide(page, { section: 'tcfeuv2', purposes: ALL_PURPOSES });
    await emit(page, 1);
    expect(await stateOf(page)).toMatchObject({ consent: 'granted', source: 'gpp', cookie: true });
    expect(held(platform)).toBe(1);
    await decide(page, { section: 'tcfeuv2', purposes: [1] }, false);
    await emit(page, 1);
    expect(await stateOf(page)).toEqual(DENIED);
    expect(held(platform)).toBe(1);
  });

  test('a change of mind, both ways: an opt-out removes the cookie, an opt-in writes it again', async ({
    context,
    page,
  }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/privacy-gpp.html');
    await decide(page, { section: 'usnat', optOuts: NONE });
    await emit(page, 1);
    expect(held(platform)).toBe(1);
    await page.evaluate(() => (window as unknown as Page$).svcGpp.show());
    expect((await stateOf(page)).consent).toBe('granted'); // the banner shown decides nothing
    await decide(page, { section: 'usnat', optOuts: { ...NONE, SaleOptOut: true } }, false);
    expect(await stateOf(page)).toEqual(DENIED);
    await emit(page, 1);
    expect(held(platform)).toBe(1);
    await decide(page, { section: 'usnat', optOuts: NONE }, false);
    expect(await stateOf(page)).toMatchObject({ consent: 'granted', cookie: true });
    await emit(page, 1);
    expect(held(platform)).toBe(2);
  });

  test('no section applies: granted', async ({ context, page }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/privacy-gpp.html');
    await page.evaluate(() => {
      const { svcGpp } = window as unknown as Page$;
      svcGpp.load();
      svcGpp.noSection();
    });
    await emit(page, 1);
    expect((await stateOf(page)).consent).toBe('granted');
    expect(held(platform)).toBe(1);
  });

  test('a CMP that loads after the SDK is followed once it does', async ({ context, page }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/privacy-gpp-late.html');
    await emit(page, 2);
    await page.waitForTimeout(500);
    expect(await stateOf(page)).toEqual({ consent: 'pending', source: 'gpp', cookie: false, stored: false });
    await decide(page, { section: 'usnat', optOuts: NONE });
    await expect.poll(async () => (await stateOf(page)).consent).toBe('granted');
    await emit(page, 0);
    expect(held(platform)).toBe(2);
  });

  test('a CMP that never loads: events stay in memory, nothing written or sent', async ({ context, page }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/privacy-gpp-late.html');
    await emit(page, 3);
    await page.waitForTimeout(1000);
    expect(await stateOf(page)).toEqual({ consent: 'pending', source: 'gpp', cookie: false, stored: false });
    expect(await page.evaluate(() => (window as unknown as Page$).svc.tracker.queued)).toBe(3);
    expect(held(platform)).toBe(0);
  });

  test('optOut personalization-off: an opt-out still sends events, and get() sends no visitor id', async ({
    context,
    page,
  }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/privacy-gpp-personal.html');
    await decide(page, { section: 'usnat', optOuts: { ...NONE, TargetedAdvertisingOptOut: true } });
    await emit(page, 1);
    expect(await stateOf(page)).toMatchObject({ consent: 'granted', source: 'gpp' });
    expect(await page.evaluate(() => (window as unknown as Page$).svc.tracker.mayPersonalize)).toBe(false);
    expect(held(platform)).toBe(1);
    const asked = page.waitForRequest((request) => request.url().includes('/vc/recommend/'));
    await page.evaluate(() =>
      (window as unknown as Page$).svc
        .recommendations({ meta: { trackingId: 'e2e_shop' } })
        .get()
        .catch(() => undefined),
    );
    expect(new URL((await asked).url()).searchParams.has('contextId')).toBe(false);
  });
});

test.describe('Global Privacy Control (data-consent="gpc")', () => {
  test('navigator.globalPrivacyControl true, with GPP: denied by GPC before the CMP is ready', async ({
    context,
    page,
  }) => {
    const platform = await platformFor(context);
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { configurable: true, get: () => true }),
    );
    await page.goto('/test-pages/privacy-gpp-gpc.html');
    await emit(page, 2);
    expect(await stateOf(page)).toEqual({ consent: 'denied', source: 'gpc', cookie: false, stored: false });
    await decide(page, { section: 'usnat', optOuts: NONE }); // GPP allows: GPC still opts out
    await emit(page, 1);
    expect((await stateOf(page)).consent).toBe('denied');
    expect(held(platform)).toBe(0);
  });

  test('navigator.globalPrivacyControl false: GPP decides alone', async ({ context, page }) => {
    const platform = await platformFor(context);
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { configurable: true, get: () => false }),
    );
    await page.goto('/test-pages/privacy-gpp-gpc.html');
    expect((await stateOf(page)).consent).toBe('pending');
    await decide(page, { section: 'usnat', optOuts: NONE });
    await emit(page, 1);
    expect((await stateOf(page)).consent).toBe('granted');
    expect(held(platform)).toBe(1);
  });
});

test.describe("the demo's privacy page", () => {
  const field = (page: Page, name: string) => page.locator(`#state [data-field="${name}"]`);

  test('the banner opts out and back in; the GPC switch stands in for the browser and decides', async ({ page }) => {
    await page.goto('/privacy.html');
    await expect(field(page, 'consent')).toHaveText('pending');
    await page.getByRole('button', { name: 'Opt out of all' }).click();
    await expect(field(page, 'consent')).toHaveText('denied');
    await expect(field(page, 'source')).toHaveText('gpp');
    await page.getByRole('button', { name: 'Change my privacy choice' }).click();
    await page.getByRole('button', { name: 'Allow all' }).click();
    await expect(field(page, 'consent')).toHaveText('granted');
    await expect(field(page, 'cookie')).toContainText('_svcTracker=');

    await page.getByLabel(/Global Privacy Control/).check(); // reloads the page
    await expect(field(page, 'gpc')).toHaveText('true');
    await expect(field(page, 'consent')).toHaveText('denied');
    await expect(field(page, 'source')).toHaveText('gpc');
    await page.getByLabel(/Global Privacy Control/).uncheck();
    await expect(field(page, 'gpc')).toHaveText('undefined');
    await expect(field(page, 'consent')).toHaveText('granted'); // the stored choice, published at load
  });
});
