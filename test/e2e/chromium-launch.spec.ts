// The suite's own Chromium launch (scripts/chromium.mjs). Its `--disable-features` replaces
// Playwright's, since Chromium keeps only the last one on its command line: it must still turn off
// every feature Playwright's does, and the address bar's WebUI popup besides.
import { readFileSync } from 'node:fs';
import { chromium, expect, test } from '@playwright/test';
import { chromiumArgs, chromiumPath, disabledFeatures } from './browser';

const SWITCH = '--disable-features=';

test("the --disable-features Chromium keeps is ours, with every feature of Playwright's", async () => {
  const server = await chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    // The browser process's own command line (Linux), as Playwright built it.
    const commandLine = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
    const lists = commandLine.filter((arg) => arg.startsWith(SWITCH)).map((arg) => arg.slice(SWITCH.length).split(','));
    expect(lists).toHaveLength(2);
    const [playwrights, kept] = lists;
    expect(kept).toEqual(disabledFeatures);
    expect(kept).toEqual(expect.arrayContaining(playwrights!));
  } finally {
    await server.close();
  }
});

test("a test's window does not load the address bar's popup", async ({ browser, page }) => {
  await page.goto('/');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(targetInfos.filter((target) => target.type === 'page').length).toBeGreaterThan(0);
  expect(targetInfos.filter((target) => target.url.startsWith('chrome://')).map((target) => target.url)).toEqual([]);
  await cdp.detach();
});
