import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMockPlatform, type MockPlatform } from '../../src/mock';
import { CARD_COUNT, CarouselApp } from './pages/react/carousel';
import { heldRecommendationEvents, popularItems, routeToPlatform } from './platform-route';

// @svc/react's <RecommendationsCarousel> in Chromium, held to what carousel.spec.ts holds the
// element's `layout="carousel"` to, at a phone's width and a desktop's: the WAI-ARIA APG carousel
// pattern with no serious axe violation, buttons that say what they do and are disabled at the
// ends, the keyboard, reduced motion, only the cards seen reported shown, and a click reported with
// the card's position. The page (pages/react/carousel.tsx, twelve 150 px cards) is rendered to a
// string here, as a server would, and hydrated by dist/react-page/carousel.js (React's development
// build under StrictMode) under the demo server's strict CSP; the mock platform runs here too.

const TID = 'e2e_shop';
const PAGE = '/react-carousel.html';
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' https://*.svc.example; object-src 'none'; base-uri 'none'";
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `p${from + i}`);

/**
 * The cards in view (element-carousel.css, the element's carousel page's layout) at each width: at
 * first, and once the track is scrolled to its end. At 390 px the track is 302 px wide, at 1366 px
 * 1,278 px; the twelve cards need 1,910 px.
 */
const IN_VIEW: Record<number, { first: string[]; atEnd: string[] }> = {
  390: { first: ids(1, 2), atEnd: ids(11, 12) },
  1366: { first: ids(1, 8), atEnd: ids(5, 12) },
};

interface Opened {
  platform: MockPlatform;
  /** Console errors and warnings and page errors (a hydration mismatch, a CSP violation). */
  problems: string[];
}

async function open(page: Page, width: number): Promise<Opened> {
  const platform = createMockPlatform();
  platform.faults.set('recommend', {
    raw: JSON.stringify({ status: 200, result: { items: popularItems(CARD_COUNT) } }),
  });
  await routeToPlatform(page.context(), platform);
  const server = renderToString(createElement(CarouselApp));
  expect(server).toContain('Loading…');
  await page.route(`**${PAGE}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      headers: { 'content-security-policy': CSP },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React carousel</title>
<link rel="stylesheet" href="/test-pages/element-carousel.css">
<script src="/dist/react-page/carousel.js" defer></script></head><body><div id="root">${server}</div></body></html>`,
    }),
  );
  // Each card's reports as the page sees them (observe's `svc-impression` events), with no delivery delay.
  await page.addInitScript(() => {
    const reports: unknown[][] = [];
    (window as unknown as { impressions: unknown[][] }).impressions = reports;
    document.addEventListener('svc-impression', (event) => {
      const { state, item, position } = (event as CustomEvent).detail;
      if (state === 'shown' || state === 'clicked') reports.push([state, item.id, position]);
    });
  });
  // The cards' widths in the first frame that has them (a requestAnimationFrame callback runs before
  // that frame's paint).
  await page.addInitScript(() => {
    const watch = new MutationObserver(() => {
      if (!document.querySelector('[data-svc-track] > a')) return;
      watch.disconnect();
      requestAnimationFrame(() => {
        const widths = [...document.querySelectorAll('[data-svc-track] > a')].map(
          (a) => a.getBoundingClientRect().width,
        );
        (window as unknown as { firstFrame: number[] }).firstFrame = widths;
      });
    });
    watch.observe(document, { childList: true, subtree: true });
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.setViewportSize({ width, height: 800 });
  await page.goto(PAGE);
  await expect(cards(page)).toHaveCount(CARD_COUNT);
  return { platform, problems };
}

const cards = (page: Page) => page.locator('#widget [data-svc-track] > a');
const track = (page: Page) => page.locator('#widget [data-svc-track]');
const previous = (page: Page) => page.locator('#widget [data-svc-prev]');
const next = (page: Page) => page.locator('#widget [data-svc-next]');
const scrollLeft = (page: Page) => track(page).evaluate((t) => t.scrollLeft);

/** The ids the page reported shown, sorted. */
const seen = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { impressions: [string, string][] }).impressions
      .filter(([state]) => state === 'shown')
      .map(([, id]) => id)
      .sort(),
  );
/** The ids the platform received `recommendationShown` for, sorted. */
const held = (platform: MockPlatform) =>
  heldRecommendationEvents(platform, TID)
    .filter(([type]) => type === 'recommendationShown')
    .map(([, id]) => id as string)
    .sort();

for (const width of [390, 1366]) {
  test(`at ${width} px: hydrated without a warning, an APG carousel with no serious axe violation`, async ({
    page,
  }) => {
    const { problems } = await open(page, width);
    const carousel = page.locator('#widget [data-svc-carousel]');
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(carousel).toHaveAttribute('aria-label', 'You may also like');
    await expect(page.locator('#widget > h2')).toHaveText('You may also like');
    await expect(previous(page)).toHaveAccessibleName('Previous items');
    await expect(next(page)).toHaveAccessibleName('Next items');
    const controlled = await track(page).getAttribute('id');
    expect(controlled).toBeTruthy();
    for (const button of [previous(page), next(page)])
      await expect(button).toHaveAttribute('aria-controls', controlled!);
    await expect(track(page)).toHaveAttribute('role', 'group');
    await expect(track(page)).toHaveAccessibleName('Items');
    const { violations } = await new AxeBuilder({ page }).include('#widget').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    expect(problems).toEqual([]);
  });

  test(`at ${width} px: the cards are laid out in the row from the first frame that has them`, async ({ page }) => {
    await open(page, width);
    // Painted squashed to fit the track, then widened, a card would shift under the visitor's eyes.
    const firstFrame = () => page.evaluate(() => (window as unknown as { firstFrame?: number[] }).firstFrame);
    await expect.poll(firstFrame).toEqual(Array(CARD_COUNT).fill(150));
  });

  test(`at ${width} px: the buttons are disabled at the ends, and Enter on them pages through`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, width);
    await expect(previous(page)).toBeDisabled();
    await expect(next(page)).toBeEnabled();
    // Short of the end, the button is enabled and Enter on it scrolls on (the button's state
    // follows the scroll event, so the loop asks the track where it is).
    const end = await track(page).evaluate((t) => t.scrollWidth - t.clientWidth);
    for (let i = 0; i < CARD_COUNT && (await scrollLeft(page)) < end; i++) {
      const before = await scrollLeft(page);
      await expect(next(page)).toBeEnabled();
      await next(page).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => scrollLeft(page)).toBeGreaterThan(before);
    }
    await expect(next(page)).toBeDisabled();
    await expect(previous(page)).toBeEnabled();
    await expect(cards(page).last()).toBeInViewport({ ratio: 1 });

    for (let i = 0; i < CARD_COUNT && (await scrollLeft(page)) > 0; i++) {
      const before = await scrollLeft(page);
      await expect(previous(page)).toBeEnabled();
      await previous(page).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => scrollLeft(page)).toBeLessThan(before);
    }
    await expect(previous(page)).toBeDisabled();
    await expect(next(page)).toBeEnabled();
    expect(await scrollLeft(page)).toBe(0);
    await expect(cards(page).first()).toBeInViewport({ ratio: 1 });
  });

  test(`at ${width} px: the track is the first tab stop (previous disabled) and scrolls with the arrow keys`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, width);
    await page.keyboard.press('Tab');
    await expect(track(page)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scrollLeft(page)).toBeGreaterThan(0);
    await expect(previous(page)).toBeEnabled();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => scrollLeft(page)).toBe(0);
    await expect(previous(page)).toBeDisabled();
  });

  test(`at ${width} px: only the cards seen are reported shown; cards scrolled into view are reported then`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { platform } = await open(page, width);
    const { first, atEnd } = IN_VIEW[width];
    await expect.poll(() => seen(page), { timeout: 5000 }).toEqual([...first].sort());
    // A card out of the track's view would have been reported by now, had it counted as seen.
    await page.waitForTimeout(1500);
    expect(await seen(page)).toEqual([...first].sort());
    await expect.poll(() => held(platform), { timeout: 10_000 }).toEqual([...first].sort());

    await track(page).evaluate((t) => {
      t.scrollLeft = t.scrollWidth;
    });
    const all = [...new Set([...first, ...atEnd])].sort();
    await expect.poll(() => seen(page), { timeout: 5000 }).toEqual(all);
    await expect.poll(() => held(platform), { timeout: 10_000 }).toEqual(all);
  });

  test(`at ${width} px: a click on a card is reported with its position in the carousel`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { platform } = await open(page, width);
    // The tenth card is out of view at both widths: the click scrolls it in first, as a visitor would.
    await cards(page).nth(9).click();
    await expect(page).toHaveURL(/#p10$/);
    const clicked = () => heldRecommendationEvents(platform, TID).filter(([type]) => type === 'recommendationClicked');
    await expect.poll(clicked, { timeout: 10_000 }).toEqual([['recommendationClicked', 'p10', 10]]);
  });
}

test('a page of the track at once with reduced motion, a smooth scroll without it', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, 390);
  const pageOnce = () =>
    page.locator('#widget [data-svc-next]').evaluate((button) => {
      (button as HTMLButtonElement).click();
      return document.querySelector('[data-svc-track]')?.scrollLeft;
    });
  // Reduced motion: the track is where it goes when the click returns.
  expect(await pageOnce()).toBeGreaterThan(0);

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.reload();
  await expect(cards(page)).toHaveCount(CARD_COUNT);
  // Smooth: still at the start when the click returns, there a moment later.
  expect(await pageOnce()).toBe(0);
  await expect.poll(() => scrollLeft(page)).toBeGreaterThan(0);
});
