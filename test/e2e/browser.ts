// Launch settings for Debian's Chromium, shared by playwright.config.ts and the benches (one
// definition, scripts/chromium.mjs, which the plain-JS scripts use too).
export { chromiumArgs, chromiumPath, disabledFeatures } from '../../scripts/chromium.mjs';
