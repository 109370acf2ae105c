// What the consent specs (consent.spec.ts: TCF and Consent Mode; privacy.spec.ts: GPP and GPC)
// share: the test pages' property, the platform behind Playwright routes, and reading the page's
// tracker and storage.
import type { BrowserContext, Frame, Page } from '@playwright/test';
import { createMockPlatform, type MockPlatform } from '../../src/mock';
import { routeToPlatform } from './platform-route';

/** The property of the consent test pages (test/e2e/pages/consent-*.html, privacy-*.html). */
export const TID = 'e2e_shop';

/** The page's script-tag tracker, as these specs read it. */
export interface TrackerWindow {
  svc: {
    tracker: {
      consentState: string;
      consentSource: string;
      consentSignals: Record<string, unknown>;
      mayPersonalize?: boolean;
      visitorId?: string;
      queued: number;
      emit(type: string, data: object): unknown;
      flush(): Promise<void>;
      consent(state: string): void;
    };
    recommendations(options: object, config?: object): { get(): Promise<unknown> };
  };
}

/** A fresh platform answering the context's platform calls. */
export async function platformFor(context: BrowserContext): Promise<MockPlatform> {
  const platform = createMockPlatform();
  await routeToPlatform(context, platform);
  return platform;
}

/** What the page's tracker and storage say now. */
export const stateOf = (target: Page | Frame) =>
  target.evaluate(() => {
    const { tracker } = (window as unknown as TrackerWindow).svc;
    return {
      consent: tracker.consentState,
      source: tracker.consentSource,
      cookie: document.cookie.includes('_svcTracker='),
      stored: Object.keys(localStorage).some((key) => key.startsWith('_svcq:')),
    };
  });

/** Emits `n` product views and flushes (a no-op while consent keeps events back). */
export const emit = (target: Page | Frame, n: number) =>
  target.evaluate(async (count) => {
    const { tracker } = (window as unknown as TrackerWindow).svc;
    for (let i = 0; i < count; i++) tracker.emit('ecProduct', { eventType: 'detail', product: { productId: `p${i}` } });
    await tracker.flush();
  }, n);

export const flush = (target: Page | Frame) =>
  target.evaluate(() => (window as unknown as TrackerWindow).svc.tracker.flush());

/** Events the platform holds for the test pages' property. */
export const held = (platform: MockPlatform) => platform.inspect.events.received(TID).length;
