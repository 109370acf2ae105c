import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createMockPlatform } from '../../src/mock';
import { emittedRecommendationEvents, popularItems, routeToPlatform } from './platform-route';

// <svc-recommendations layout="carousel"> (element-carousel.html, eight 150 px cards) after the
// WAI-ARIA APG carousel pattern, at a phone's width and a desktop's: axe finds nothing serious,
// the buttons say what they do and are disabled at the ends, the keyboard works, reduced motion
// scrolls at once, and only the cards seen are reported shown.

const PAGE = '/test-pages/element-carousel.html';
const items = popularItems(8);

async function open(page: Page, width: number) {
  const platform = createMockPlatform();
  platform.faults.set('recommend', { raw: JSON.stringify({ status: 200, result: { items } }) });
  await routeToPlatform(page.context(), platform);
  await page.setViewportSize({ width, height: 800 });
  await page.goto(PAGE);
  await expect(page.locator('#widget')).toHaveAttribute('state', 'ready');
}
const previous = (page: Page) => page.locator('#widget [data-svc-prev]');
const next = (page: Page) => page.locator('#widget [data-svc-next]');
const scrollLeft = (page: Page) => page.locator('#widget [data-svc-track]').evaluate((t) => t.scrollLeft);
const shownIds = async (page: Page) =>
  (await emittedRecommendationEvents(page)).filter(([type]) => type === 'recommendationShown').map(([, id]) => id);

for (const width of [390, 1366]) {
  test(`at ${width} px: an APG carousel with no serious axe violation`, async ({ page }) => {
    await open(page, width);
    const carousel = page.locator('#widget [data-svc-carousel]');
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(carousel).toHaveAttribute('aria-label', 'You may also like');
    await expect(previous(page)).toHaveAccessibleName('Previous items');
    await expect(next(page)).toHaveAccessibleName('Next items');
    await expect(page.locator('#widget [data-svc-track] > a')).toHaveCount(8);
    const { violations } = await new AxeBuilder({ page }).include('#widget').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });
}

test('the buttons are disabled at the ends, and the keyboard pages through', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, 390);
  await expect(previous(page)).toBeDisabled();
  await expect(next(page)).toBeEnabled();
  // Short of the end, the button is enabled and Enter on it scrolls on. The button's state follows
  // the scroll event, after the scroll: the loop asks the track where it is, not the button.
  const end = await page.locator('#widget [data-svc-track]').evaluate((t) => t.scrollWidth - t.clientWidth);
  for (let i = 0; i < items.length && (await scrollLeft(page)) < end; i++) {
    const before = await scrollLeft(page);
    await expect(next(page)).toBeEnabled();
    await next(page).focus();
    await page.keyboard.press('Enter');
    // Reduced motion: the track is where it goes at once.
    await expect.poll(() => scrollLeft(page)).toBeGreaterThan(before);
  }
  await expect(next(page)).toBeDisabled();
  await expect(previous(page)).toBeEnabled();
  await expect(page.locator('#widget [data-svc-track] > a').last()).toBeInViewport({ ratio: 1 });
});

test('the track takes the keyboard focus and scrolls with the arrow keys', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, 390);
  await page.locator('#widget [data-svc-track]').focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scrollLeft(page)).toBeGreaterThan(0);
});

test('only the cards seen are reported shown; a card scrolled into view is reported then', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, 390);
  await page.waitForTimeout(1500);
  const first = await shownIds(page);
  expect(first.length).toBeGreaterThan(0);
  expect(first.length).toBeLessThan(8);
  expect(first).not.toContain('p8');
  await page.locator('#widget [data-svc-track]').evaluate((t) => {
    t.scrollLeft = t.scrollWidth;
  });
  await expect.poll(() => shownIds(page), { timeout: 5000 }).toContain('p8');
});
