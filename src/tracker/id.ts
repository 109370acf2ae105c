/**
 * A random UUID v4 (122 random bits, `[0-9a-f-]`, 36 characters) from `crypto.getRandomValues`,
 * which, unlike `crypto.randomUUID`, exists in insecure contexts (a shop on plain http).
 * Event ids, page view ids and new visitor ids all come from here.
 */
export function randomId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 15) | 64;
  b[8] = (b[8] & 63) | 128;
  // Dashes before bytes 4, 6, 8 and 10: 8-4-4-4-12 hex digits.
  return b.reduce((id, x, i) => id + (i > 3 && i < 11 && !(i & 1) ? '-' : '') + (x | 256).toString(16).slice(1), '');
}
