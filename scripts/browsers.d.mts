/** Debian's Firefox ESR, or FIREFOX_PATH. */
export declare const firefoxPath: string;
/** WebKitGTK's MiniBrowser, or WEBKIT_PATH. */
export declare const webkitPath: string;
/** The WebDriver server that drives MiniBrowser (webkit2gtk-driver). */
export declare const webkitDriverPath: string;
/** MiniBrowser needs a display: the tests run it under a virtual one (xvfb). */
export declare const xvfbRunPath: string;
/**
 * Each browser by the name `ensure-browsers.mjs` takes: its binary, the other files it needs, its
 * Debian packages, its variable.
 */
export declare const BROWSERS: Record<
  'chromium' | 'firefox' | 'webkit',
  { path: string; needs: string[]; debian: string; variable: string; name: string }
>;
