/**
 * A random UUID v4 (RFC 9562: 122 random bits, lower-case hex, 36 characters) from
 * `crypto.getRandomValues`, which, unlike `crypto.randomUUID`, exists in insecure contexts (a shop
 * on plain http). Event ids, page view ids and new visitor ids come from here.
 */
export function randomId(): string {
  const bytes = nextRandomBytes();
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4: the high nibble of byte 6
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // variant: the two high bits of byte 8 are 10
  let id = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) id += '-'; // 8-4-4-4-12 hex digits
    id += HEX[bytes[i]];
  }
  return id;
}

/** The two lower-case hex digits of each byte value: one lookup per byte (an id is made per event). */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * Random bytes drawn ahead for 64 ids at a time: a page makes an id per event, and one
 * `getRandomValues` call costs about as much as the rest of an id (a quarter of `emit`'s time in a
 * profile of events emitted one per task), whatever the number of bytes it fills.
 */
const pool = new Uint8Array(16 * 64);
let used = pool.length;

/** The next 16 unused random bytes of the pool, refilled when spent. */
function nextRandomBytes(): Uint8Array {
  if (used === pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  used += 16;
  return pool.subarray(used - 16, used);
}
