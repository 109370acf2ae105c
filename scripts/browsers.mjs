// The browsers the tests drive, each from Debian's packages: where each is, which package brings
// it, and the variable that points at another binary. scripts/ensure-browsers.mjs installs them.
import { chromiumPath } from './chromium.mjs';

/** Debian's Firefox ESR, or FIREFOX_PATH. */
export const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** Each browser by the name `ensure-browsers.mjs` takes: its binary, its Debian package, its variable. */
export const BROWSERS = {
  chromium: { path: chromiumPath, debian: 'chromium', variable: 'CHROMIUM_PATH', name: 'Chromium' },
  firefox: { path: firefoxPath, debian: 'firefox-esr', variable: 'FIREFOX_PATH', name: 'Firefox ESR' },
};
