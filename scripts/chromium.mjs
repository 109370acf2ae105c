// Launch settings for Debian's Chromium, in one place: the e2e suite (playwright.config.ts via
// test/e2e/browser.ts), the benches, the Chromium check and the package checks' customer spec.
// The background-networking flags keep Chromium from calling hosts this machine cannot reach.

/** Debian's Chromium, or CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The features Playwright's launch turns off (`disabledFeatures` of @playwright/test 1.65). Chromium
 * keeps only the last `--disable-features` of its command line, and Playwright puts ours after its
 * own, so ours repeats these. test/e2e/chromium-launch.spec.ts fails when Playwright's list has a
 * feature this one lacks.
 */
const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The features our launches turn off besides. Each new window, so each test's browser context, loads
 * the address bar's popup as a WebUI page (about 400 chrome:// resources in a renderer of its own):
 * about 1 s of CPU per context on these machines, for a popup no test opens.
 */
export const disabledFeatures = [...playwrightDisabledFeatures, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

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
  `--disable-features=${disabledFeatures.join(',')}`,
];
