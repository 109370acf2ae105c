// Debian's Firefox ESR through puppeteer-core over WebDriver BiDi (docs/testing.md says why that
// driver). Each page has a browser context of its own.
import puppeteer, { type BrowserContext, type Page } from 'puppeteer-core';
import { firefoxPath } from '../../../scripts/browsers.mjs';
import { DEFAULT_SIZE, type Engine, type EnginePage } from './types';

/** The page API over one puppeteer page of `context`, `size` large; `close` ends it. */
async function tabOf(
  context: BrowserContext,
  page: Page,
  size: { width: number; height: number },
  close: () => Promise<void>,
): Promise<EnginePage> {
  await page.setViewport(size);
  return {
    open: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    cookies: async () => {
      const { hostname } = new URL(page.url());
      const all = await context.cookies();
      return all.filter((c) => c.domain.replace(/^\./, '') === hostname).map(({ name, value }) => ({ name, value }));
    },
    click: (selector) => page.click(selector),
    offline: (on) => page.setOfflineMode(on),
    async press(selector, key) {
      await page.focus(selector);
      await page.keyboard.press(key);
    },
    resize: (width, height) => page.setViewport({ width, height }),
    async screenshot(path, selector) {
      const target = selector ? await page.$(selector) : page;
      if (!target) throw new Error(`no element matches ${selector}`);
      await target.screenshot({ path: path as `${string}.png` });
    },
    async tab() {
      const tab = await context.newPage();
      return tabOf(context, tab, size, () => tab.close());
    },
    close,
  };
}

export async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath, headless: true });
  return {
    name: 'firefox',
    version: (await browser.version()).replace(/^firefox\//, ''),
    async page(size = DEFAULT_SIZE): Promise<EnginePage> {
      const context = await browser.createBrowserContext();
      return tabOf(context, await context.newPage(), size, () => context.close());
    },
    close: () => browser.close(),
  };
}
