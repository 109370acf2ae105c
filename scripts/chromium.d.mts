/** Debian's Chromium, or CHROMIUM_PATH. */
export declare const chromiumPath: string;
/** The features every launch of ours turns off: Playwright's, and the address bar's WebUI popup. */
export declare const disabledFeatures: string[];
/** The flags every launch of ours passes. */
export declare const chromiumArgs: string[];
