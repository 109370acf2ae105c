// Global Privacy Control: the browser's own opt-out of the sale and sharing of the visitor's data
// and of targeted advertising (`navigator.globalPrivacyControl`, also sent as `Sec-GPC: 1` on every
// request). Several US states' laws treat it as that opt-out. It holds for the page's life: a
// change in the browser's settings reaches the next page.

/** What Global Privacy Control says, with the raw value it was read from (shown by the QA overlay). */
export interface GpcReading {
  /** `true`: the visitor opts out. */
  optOut: boolean;
  raw: { globalPrivacyControl: boolean | undefined };
}

/** The browser's Global Privacy Control: `true` is an opt-out; `false` or absent is none. */
export function readGpc(): GpcReading {
  const value: unknown = (globalThis.navigator as { globalPrivacyControl?: unknown } | undefined)?.globalPrivacyControl;
  return { optOut: value === true, raw: { globalPrivacyControl: typeof value === 'boolean' ? value : undefined } };
}
