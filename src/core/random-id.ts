/**
 * A random UUID v4 (RFC 9562: 122 random bits, lower-case hex, 36 characters) from
 * `crypto.getRandomValues`, which, unlike `crypto.randomUUID`, exists in insecure contexts (a shop
 * on plain http). Event ids, page view ids and new visitor ids come from here.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4: the high nibble of byte 6
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // variant: the two high bits of byte 8 are 10
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}
