// How integration secrets travel in the platform's state: never their value. A snapshot, the
// `--state` journal and every admin answer carry a secret's name and fingerprint; the value stays
// in memory, or, when a `SecretSealer` is given (`svc-mock serve --state`), is also kept sealed
// (encrypted with the operator's key) so a restart can restore it.
import { isObject } from '@svc/core';

/** A secret as a snapshot holds it. */
export interface RecordedSecret {
  /** `sha256:` and the first 16 hex digits of the value's SHA-256: tells two values apart, reveals neither. */
  fingerprint: string;
  /** The value encrypted by the sealer (absent when the state keeps secrets in memory only). */
  sealed?: string;
}

/** Encrypts secret values for the state and decrypts them on restore (AES-256-GCM in the server). */
export interface SecretSealer {
  /** The value encrypted, as text a snapshot can hold. */
  seal(value: string): string;
  /** Throws when `sealed` was not sealed with this key. */
  open(sealed: string): string;
}

/** A secret whose value the state does not hold (kept in memory only, or sealed with another key). */
export class SecretUnavailableError extends Error {
  override name = 'SecretUnavailableError';
  readonly code = 'SECRET_UNAVAILABLE';
  constructor(
    readonly secret: string,
    reason: string,
  ) {
    super(`secret ${JSON.stringify(secret)}: ${reason}`);
  }
}

/** The setSecrets arguments with each value replaced by its fingerprint (and sealed value). */
export function recordSecrets(secrets: unknown, sealer?: SecretSealer): Record<string, RecordedSecret> | unknown {
  if (!isObject(secrets)) return secrets;
  const recorded: Record<string, RecordedSecret> = {};
  for (const [name, value] of Object.entries(secrets)) {
    const text = String(value);
    recorded[name] = { fingerprint: fingerprint(text), ...(sealer ? { sealed: sealer.seal(text) } : {}) };
  }
  return recorded;
}

/** The values back from recorded secrets; throws SecretUnavailableError for one the state cannot give. */
export function restoreSecrets(recorded: unknown, sealer?: SecretSealer): Record<string, string> | unknown {
  if (!isObject(recorded)) return recorded;
  const values: Record<string, string> = {};
  for (const [name, secret] of Object.entries(recorded)) {
    if (!isObject(secret) || typeof secret.sealed !== 'string')
      throw new SecretUnavailableError(name, 'its value was kept in memory only and is not in the state');
    if (!sealer) throw new SecretUnavailableError(name, 'sealed, but no key was given to open it');
    try {
      values[name] = sealer.open(secret.sealed);
    } catch {
      throw new SecretUnavailableError(name, 'sealed with another key');
    }
  }
  return values;
}

/** `sha256:` and 16 hex digits of the SHA-256 of `value` (UTF-8). */
export function fingerprint(value: string): string {
  return `sha256:${sha256Hex(new TextEncoder().encode(value)).slice(0, 16)}`;
}

// SHA-256 (FIPS 180-4), synchronous and framework-free: the platform runs in browsers too, where
// WebCrypto only answers asynchronously. Checked against node:crypto in the tests.
const K = Uint32Array.from(
  '428a2f98 71374491 b5c0fbcf e9b5dba5 3956c25b 59f111f1 923f82a4 ab1c5ed5 d807aa98 12835b01 243185be 550c7dc3 72be5d74 80deb1fe 9bdc06a7 c19bf174 e49b69c1 efbe4786 0fc19dc6 240ca1cc 2de92c6f 4a7484aa 5cb0a9dc 76f988da 983e5152 a831c66d b00327c8 bf597fc7 c6e00bf3 d5a79147 06ca6351 14292967 27b70a85 2e1b2138 4d2c6dfc 53380d13 650a7354 766a0abb 81c2c92e 92722c85 a2bfe8a1 a81a664b c24b8b70 c76c51a3 d192e819 d6990624 f40e3585 106aa070 19a4c116 1e376c08 2748774c 34b0bcb5 391c0cb3 4ed8aa4a 5b9cca4f 682e6ff3 748f82ee 78a5636f 84c87814 8cc70208 90befffa a4506ceb bef9a3f7 c67178f2'
    .split(' ')
    .map((hex) => Number.parseInt(hex, 16)),
);
const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

function sha256Hex(bytes: Uint8Array): string {
  const length = Math.ceil((bytes.length + 9) / 64) * 64;
  const padded = new Uint8Array(length);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(length - 8, Math.floor((bytes.length * 8) / 2 ** 32));
  view.setUint32(length - 4, (bytes.length * 8) >>> 0);
  const h = Uint32Array.from([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  for (let block = 0; block < length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    compress(h, w);
  }
  return Array.from(h, (word) => word.toString(16).padStart(8, '0')).join('');
}

/** One block's 64 rounds, added into `h`. */
function compress(h: Uint32Array, w: Uint32Array): void {
  let [a, b, c, d, e, f, g, k] = h;
  for (let i = 0; i < 64; i++) {
    const t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
    [k, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
  }
  const next = [a, b, c, d, e, f, g, k];
  for (let i = 0; i < 8; i++) h[i] = (h[i] + next[i]) >>> 0;
}
