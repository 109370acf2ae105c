// Launch settings for Debian's Chromium, in one place: the e2e suite (playwright.config.ts via
// test/e2e/browser.ts), the benches, the Chromium check and the package checks' customer spec.
// The background-networking flags keep Chromium from calling hosts this machine cannot reach.

/** Debian's Chromium, or CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The flags every launch of ours passes. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
