import { expect, type Frame, type Page, test } from '@playwright/test';
import { emit, flush, held, platformFor, stateOf, type TrackerWindow } from './consent-pages';

// Consent from the shop's consent banner, in Chromium: IAB TCF v2.2 against the IAB's own stub,
// CMP API and TC strings (demo/consent/cmp.ts, `window.svcCmp`), and Google Consent Mode v2 with
// the plain gtag snippet. The platform runs here, behind Playwright routes.

interface Page$ extends TrackerWindow {
  svcCmp: {
    load(options?: { consentMode?: boolean }): void;
    show(): void;
    decide(choice: { purposes: number[]; vendor?: boolean }): void;
    notApplicable(): void;
  };
  gtag(...args: unknown[]): void;
  dataLayer: unknown[];
}

const cmp = (target: Page | Frame, call: (w: Page$) => void) =>
  target.evaluate(`(${call.toString()})(window)`) as Promise<void>;

test.describe('IAB TCF v2.2 (data-consent="tcf")', () => {
  test('accept all: cookie written and the events held meanwhile sent', async ({ context, page }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/consent-tcf.html');
    await emit(page, 3);
    expect(await stateOf(page)).toEqual({ consent: 'pending', source: 'tcf', cookie: false, stored: false });
    await cmp(page, (w) => {
      w.svcCmp.load({ consentMode: false });
      w.svcCmp.decide({ purposes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] });
    });
    expect(await stateOf(page)).toMatchObject({ consent: 'granted', source: 'tcf', cookie: true });
    await flush(page);
    expect(held(platform)).toBe(3);
    const signals = await page.evaluate(() => (window as unknown as Page$).svc.tracker.consentSignals);
    // Published without the banner shown: the CMP's stored choice, `tcloaded`.
    expect(signals).toEqual({
      tcf: {
        gdprApplies: true,
        eventStatus: 'tcloaded',
        purposes: { 1: true, 5: true, 6: true, 8: true, 9: true },
        vendor: true,
      },
    });
  });

  test('reject all: nothing written, nothing sent', async ({ context, page }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/consent-tcf.html');
    await emit(page, 2);
    await cmp(page, (w) => {
      w.svcCmp.load({ consentMode: false });
      w.svcCmp.decide({ purposes: [] });
    });
    await emit(page, 2);
    expect(await stateOf(page)).toEqual({ consent: 'denied', source: 'tcf', cookie: false, stored: false });
    expect(held(platform)).toBe(0);
  });

  test('only Purpose 1, or every purpose without the vendor: denied', async ({ context, page }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/consent-tcf.html');
    await cmp(page, (w) => {
      w.svcCmp.load({ consentMode: false });
      w.svcCmp.decide({ purposes: [1] });
    });
    await emit(page, 1);
    expect(await stateOf(page)).toEqual({ consent: 'denied', source: 'tcf', cookie: false, stored: false });
    await cmp(page, (w) => w.svcCmp.decide({ purposes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], vendor: false }));
    expect((await stateOf(page)).consent).toBe('denied');
    expect(held(platform)).toBe(0);
  });

  test('a change of mind, both ways: the banner shown decides nothing; a withdrawal removes the cookie', async ({
    context,
    page,
  }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/consent-tcf.html');
    await cmp(page, (w) => {
      w.svcCmp.load({ consentMode: false });
      w.svcCmp.decide({ purposes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] });
    });
    await emit(page, 1);
    expect(held(platform)).toBe(1);
    await cmp(page, (w) => w.svcCmp.show());
    expect((await stateOf(page)).consent).toBe('granted');
    await cmp(page, (w) => w.svcCmp.decide({ purposes: [] }));
    expect(await stateOf(page)).toEqual({ consent: 'denied', source: 'tcf', cookie: false, stored: false });
    await emit(page, 1);
    expect(held(platform)).toBe(1);
    await cmp(page, (w) => w.svcCmp.decide({ purposes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }));
    expect(await stateOf(page)).toMatchObject({ consent: 'granted', cookie: true });
    await emit(page, 1);
    expect(held(platform)).toBe(2);
  });

  test('gdprApplies false: granted', async ({ context, page }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/consent-tcf.html');
    await emit(page, 1);
    await cmp(page, (w) => {
      w.svcCmp.load({ consentMode: false });
      w.svcCmp.notApplicable();
    });
    expect(await stateOf(page)).toMatchObject({ consent: 'granted', source: 'tcf', cookie: true });
    await flush(page);
    expect(held(platform)).toBe(1);
  });

  test('a CMP that loads after the SDK is followed once it does', async ({ context, page }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/consent-tcf-late.html');
    await emit(page, 2);
    await page.waitForTimeout(500);
    expect(await stateOf(page)).toEqual({ consent: 'pending', source: 'tcf', cookie: false, stored: false });
    await cmp(page, (w) => {
      w.svcCmp.load({ consentMode: false });
      w.svcCmp.decide({ purposes: [1, 5, 6, 8, 9], vendor: false });
    });
    await expect.poll(async () => (await stateOf(page)).consent).toBe('granted');
    await flush(page);
    expect(held(platform)).toBe(2);
  });

  test('a CMP that never loads: events stay in memory, nothing written or sent', async ({ context, page }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/consent-tcf-late.html');
    await emit(page, 3);
    await page.waitForTimeout(1000);
    expect(await stateOf(page)).toEqual({ consent: 'pending', source: 'tcf', cookie: false, stored: false });
    expect(await page.evaluate(() => (window as unknown as Page$).svc.tracker.queued)).toBe(3);
    expect(held(platform)).toBe(0);
  });

  test('the SDK in a frame follows the CMP of the page above through its __tcfapiLocator frame', async ({
    context,
    page,
  }) => {
    const platform = await platformFor(context);
    await page.goto('/test-pages/consent-frame.html');
    const frame = page.frame({ name: 'shop' })!;
    await frame.waitForFunction(() => (window as unknown as Page$).svc?.tracker !== undefined);
    expect(await frame.evaluate(() => typeof (window as unknown as { __tcfapi?: unknown }).__tcfapi)).toBe('undefined');
    await emit(frame, 2);
    expect((await stateOf(frame)).consent).toBe('pending');
    await cmp(page, (w) => {
      w.svcCmp.load({ consentMode: false });
      w.svcCmp.decide({ purposes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] });
    });
    await expect.poll(async () => (await stateOf(frame)).consent).toBe('granted');
    await flush(frame);
    expect(held(platform)).toBe(2);
    await cmp(page, (w) => w.svcCmp.decide({ purposes: [] }));
    await expect.poll(async () => (await stateOf(frame)).consent).toBe('denied');
  });
});

test.describe('Google Consent Mode v2 (data-consent="gcm")', () => {
  for (const [order, path] of [
    ['gtag and its defaults before the SDK', '/test-pages/consent-gcm.html'],
    ['gtag and its defaults after the SDK', '/test-pages/consent-gcm-after.html'],
  ]) {
    test(`${order}: pending under the default, then each update followed`, async ({ context, page }) => {
      const platform = await platformFor(context);
      await page.goto(path);
      await emit(page, 2);
      expect(await stateOf(page)).toEqual({ consent: 'pending', source: 'gcm', cookie: false, stored: false });
      await page.evaluate(() =>
        (window as unknown as Page$).gtag('consent', 'update', { analytics_storage: 'granted' }),
      );
      expect(await stateOf(page)).toMatchObject({ consent: 'granted', source: 'gcm', cookie: true });
      await flush(page);
      expect(held(platform)).toBe(2);
      await page.evaluate(() =>
        (window as unknown as Page$).gtag('consent', 'update', { analytics_storage: 'denied' }),
      );
      expect(await stateOf(page)).toEqual({ consent: 'denied', source: 'gcm', cookie: false, stored: false });
      // Every push reached the data layer: the page's own ones too.
      expect(await page.evaluate(() => (window as unknown as Page$).dataLayer.length)).toBe(3);
    });
  }

  test('personalization_storage denied: recommendations are asked without the visitor id', async ({
    context,
    page,
  }) => {
    await platformFor(context);
    const asked: URL[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/vc/recommend/')) asked.push(new URL(request.url()));
    });
    await page.goto('/test-pages/consent-gcm.html');
    const get = () =>
      page.evaluate(() =>
        (window as unknown as Page$).svc
          .recommendations({ meta: { trackingId: 'e2e_shop' } })
          .get()
          .catch(() => undefined),
      );
    await page.evaluate(() =>
      (window as unknown as Page$).gtag('consent', 'update', {
        analytics_storage: 'granted',
        personalization_storage: 'denied',
      }),
    );
    await get();
    await page.evaluate(() =>
      (window as unknown as Page$).gtag('consent', 'update', { personalization_storage: 'granted' }),
    );
    await get();
    expect(asked.map((url) => url.searchParams.get('contextId'))).toEqual([
      null,
      await page.evaluate(() => (window as unknown as Page$).svc.tracker.visitorId),
    ]);
  });
});

test.describe("the demo's consent page", () => {
  const field = (page: Page, name: string) => page.locator(`#state [data-field="${name}"]`);

  test('the banner grants, a change of mind withdraws, the stored choice decides the next load', async ({ page }) => {
    await page.goto('/consent.html');
    await expect(field(page, 'consent')).toHaveText('pending');
    await expect(field(page, 'cookie')).toHaveText('none');
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(field(page, 'consent')).toHaveText('granted');
    await expect(field(page, 'source')).toHaveText(/tcf/);
    await expect(field(page, 'cookie')).toContainText('_svcTracker=');

    await page.getByRole('button', { name: 'Change my consent choice' }).click();
    await expect(page.getByRole('dialog', { name: 'We value your privacy' })).toBeVisible();
    await page.getByRole('button', { name: 'Reject all' }).click();
    await expect(field(page, 'consent')).toHaveText('denied');
    await expect(field(page, 'cookie')).toHaveText('none');
    await page.getByRole('button', { name: 'Emit a product view' }).click();
    await expect(field(page, 'queued')).toHaveText('0');

    await page.reload();
    await expect(page.getByRole('dialog', { name: 'We value your privacy' })).toBeHidden();
    await expect(field(page, 'consent')).toHaveText('denied'); // the stored choice, published at load
    await expect(field(page, 'cookie')).toHaveText('none');
  });
});
