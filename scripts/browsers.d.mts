/** Debian's Firefox ESR, or FIREFOX_PATH. */
export declare const firefoxPath: string;
/** Each browser by the name `ensure-browsers.mjs` takes: its binary, its Debian package, its variable. */
export declare const BROWSERS: Record<
  'chromium' | 'firefox',
  { path: string; debian: string; variable: string; name: string }
>;
