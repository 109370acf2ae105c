// The browsers the tests drive, each from Debian's packages: where each is, which packages bring
// it, and the variable that points at another binary. scripts/ensure-browsers.mjs installs them.
import { chromiumPath } from './chromium.mjs';

/** Debian's Firefox ESR, or FIREFOX_PATH. */
export const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** WebKitGTK's MiniBrowser (from libwebkit2gtk-4.1-0, which webkit2gtk-driver depends on), or WEBKIT_PATH. */
export const webkitPath = process.env.WEBKIT_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** The WebDriver server that drives MiniBrowser (webkit2gtk-driver). */
export const webkitDriverPath = '/usr/bin/WebKitWebDriver';
/** MiniBrowser needs a display: the tests run it under a virtual one (xvfb). */
export const xvfbRunPath = '/usr/bin/xvfb-run';

/**
 * Each browser by the name `ensure-browsers.mjs` takes: its binary, the other files it needs, its
 * Debian packages, its variable.
 */
export const BROWSERS = {
  chromium: { path: chromiumPath, needs: [], debian: 'chromium', variable: 'CHROMIUM_PATH', name: 'Chromium' },
  firefox: { path: firefoxPath, needs: [], debian: 'firefox-esr', variable: 'FIREFOX_PATH', name: 'Firefox ESR' },
  webkit: {
    path: webkitPath,
    needs: [webkitDriverPath, xvfbRunPath],
    debian: 'webkit2gtk-driver xvfb',
    variable: 'WEBKIT_PATH',
    name: 'WebKitGTK MiniBrowser',
  },
};
