/**
 * A random UUID v4 (122 random bits, `[0-9a-f-]`, 36 characters) from `crypto.getRandomValues`,
 * which, unlike `crypto.randomUUID`, exists in insecure contexts (a shop on plain http).
 * Event ids, page view ids and new visitor ids all come from here.
 */
export function randomId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 15) | 64;
  b[8] = (b[8] & 63) | 128;
  let s = '';
  for (let i = 0; i < 16; i++) s += (i == 4 || i == 6 || i == 8 || i == 10 ? '-' : '') + (b[i] + 256).toString(16).slice(1);
  return s;
}
