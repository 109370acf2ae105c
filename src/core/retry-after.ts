import { MAX_WAIT_MS } from './timer';

/**
 * A `Retry-After` header in milliseconds from now: delay-seconds (`120`) or an HTTP date; `undefined`
 * when absent or unreadable (`soon`, `-1`, `1e`). Never negative, never above `MAX_WAIT_MS`
 * (`1e20` and `Infinity` are that cap, not an invalid date).
 */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  let ms: number;
  if (/^\d+(\.\d+)?(e\+?\d+)?$/i.test(text) || text === 'Infinity') ms = Number(text) * 1000;
  else {
    const date = Date.parse(text);
    if (Number.isNaN(date) || !/[a-z]/i.test(text)) return undefined;
    ms = date - now;
  }
  return Math.min(Math.max(ms, 0), MAX_WAIT_MS);
}
