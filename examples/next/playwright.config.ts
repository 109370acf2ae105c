import { defineConfig } from '@playwright/test';
// The repository's one definition of how its browser tests launch Debian's Chromium.
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

/** The shop (`next start`) and the platform (`svc-mock serve`) the test runs against: started beforehand. */
const shop = process.env.SHOP_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 30_000,
  // One worker: the platform's faults (the slow-platform test) apply to every request it gets.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: shop,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
