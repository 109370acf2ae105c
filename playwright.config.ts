import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './test/e2e/browser';
import { writeGuideExample } from './test/e2e/guide-example';

// The testing guide's @svc/mock/playwright example runs with the suite, as written.
writeGuideExample();

const port = Number(process.env.E2E_PORT ?? 5199);

// Browser tests in Debian's Chromium against the demo server (built by `npm test` first).
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  // Per port, so several runs side by side do not clean each other's artifacts.
  outputDir: `test-results/${port}`,
  timeout: 60_000,
  // Every test on its own: the demo server is one static server (scripts/demo-server.mjs) built once
  // by `npm test`, and each test's platform lives in its own page (the service worker) or its own
  // `svc-mock serve` port, so tests share no state. One worker more than these machines' 2 cores, as
  // many tests wait on real time (a second in view, an offline spell, a retry's backoff).
  fullyParallel: true,
  workers: 3,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node scripts/demo-server.mjs`,
    env: { PORT: String(port) },
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
