/** `text` with every RegExp syntax character (and `/`) escaped: it matches itself inside a pattern. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * A URL path segment percent-decoded; as it came when its percent-encoding is malformed (`%ZZ`,
 * `%E0%A4%A`), so a caller can refuse it or treat it as an unknown name instead of failing.
 */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A plain JSON-like object: not `null`, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
