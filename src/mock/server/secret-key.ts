import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import type { SecretSealer } from '../platform/state/secrets';

/** The environment variable holding the operator's key for the secrets of a `--state` journal. */
export const SECRET_KEY_ENV = 'SVC_MOCK_SECRET_KEY';

/** The key file's problem: readable by others, or not a key. */
export class SecretKeyError extends Error {
  override name = 'SecretKeyError';
  readonly code = 'SECRET_KEY';
}

/**
 * The key that seals integration secrets in a `--state` journal: `SVC_MOCK_SECRET_KEY` when set
 * (any text; its SHA-256 is the key), else `<state>.key` beside the journal: 32 random bytes, hex,
 * created with mode 0600 on first use, refused when others may read it.
 */
export function secretKeyFor(stateFile: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const fromEnv = env[SECRET_KEY_ENV];
  if (fromEnv) return createHash('sha256').update(fromEnv).digest();
  const file = `${stateFile}.key`;
  if (!existsSync(file)) {
    const fd = openSync(file, 'wx', 0o600);
    try {
      writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
    } finally {
      closeSync(fd);
    }
  }
  if ((statSync(file).mode & 0o077) !== 0)
    throw new SecretKeyError(`${file}: others may read it; make it private (chmod 600 ${file})`);
  const hex = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new SecretKeyError(`${file}: not a key (64 hex digits expected)`);
  return Buffer.from(hex, 'hex');
}

/** Seals with AES-256-GCM under `key`: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function createSecretSealer(key: Buffer): SecretSealer {
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
