// How a refused value is named in an error message: never throws, whatever the value.

/** `value` for an error message: strings and objects as JSON, others as written, cut at 80 characters. */
export function describe(value: unknown): string {
  // Objects and strings as JSON (quotes show a string's edges); numbers, NaN, undefined, symbols,
  // bigints as written. Whatever the value does (a null prototype, a Proxy whose traps throw, a
  // cycle, a throwing toString), describing it never throws.
  const asJson = typeof value === 'string' || (typeof value === 'object' && value !== null);
  const text =
    attempt(() => (asJson ? JSON.stringify(value) : undefined)) ??
    attempt(() => String(value)) ??
    attempt(() => Object.prototype.toString.call(value)) ??
    `a${typeof value === 'object' ? 'n' : ''} ${typeof value}`;
  return text.length > 80 ? text.slice(0, 80) + '...' : text;
}

/** What `read` returns, or undefined when it throws or returns no string. */
function attempt(read: () => string | undefined): string | undefined {
  try {
    const text = read();
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}
