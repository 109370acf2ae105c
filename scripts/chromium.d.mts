/** Debian's Chromium, or CHROMIUM_PATH. */
export declare const chromiumPath: string;
/** The flags every launch of ours passes. */
export declare const chromiumArgs: string[];
