// Debian's Chromium through Playwright's library (`chromium.launch`, not its test runner), with
// the repository's launch flags (scripts/chromium.mjs). Each page has a browser context of its own.
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { DEFAULT_SIZE, type Engine, type EnginePage } from './types';

export async function launchChromium(): Promise<Engine> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  return {
    name: 'chromium',
    version: browser.version(),
    async page(size = DEFAULT_SIZE): Promise<EnginePage> {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      return {
        open: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
        cookies: async () => (await context.cookies(page.url())).map(({ name, value }) => ({ name, value })),
        click: (selector) => page.click(selector),
        resize: (width, height) => page.setViewportSize({ width, height }),
        screenshot: async (path, selector) =>
          void (await (selector ? page.locator(selector).first().screenshot({ path }) : page.screenshot({ path }))),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}
