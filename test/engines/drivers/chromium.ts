// Debian's Chromium through Playwright's library (`chromium.launch`, not its test runner), with
// the repository's launch flags (scripts/chromium.mjs). Each page has a browser context of its own.
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { DEFAULT_SIZE, type Engine, type EnginePage } from './types';

/** The page API over one Playwright page of `context`; `close` ends it. */
function tabOf(context: BrowserContext, page: Page, close: () => Promise<void>): EnginePage {
  return {
    open: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    cookies: async () => (await context.cookies(page.url())).map(({ name, value }) => ({ name, value })),
    click: (selector) => page.click(selector),
    press: (selector, key) => page.press(selector, key),
    offline: (on) => context.setOffline(on),
    resize: (width, height) => page.setViewportSize({ width, height }),
    screenshot: async (path, selector) =>
      void (await (selector ? page.locator(selector).first().screenshot({ path }) : page.screenshot({ path }))),
    async tab() {
      const tab = await context.newPage();
      return tabOf(context, tab, () => tab.close());
    },
    close,
  };
}

export async function launchChromium(): Promise<Engine> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  return {
    name: 'chromium',
    version: browser.version(),
    async page(size = DEFAULT_SIZE): Promise<EnginePage> {
      const context = await browser.newContext({ viewport: size });
      return tabOf(context, await context.newPage(), () => context.close());
    },
    close: () => browser.close(),
  };
}
