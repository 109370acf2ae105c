// Which calls of the platform change its state, and how each one's arguments travel in a snapshot.
import { isObject } from '@svc/core';
import { recordSecrets, restoreSecrets, type SecretSealer } from './secrets';

/**
 * Which calls change the platform's state, as data. Services not listed only read (recommend,
 * experiences GET, stash gets); every admin method but these readers changes something.
 */
export const RECORDED_SERVICES: Record<string, readonly string[]> = {
  stash: ['kvSet', 'deferSet', 'deferRemove', 'tsSet', 'countIncr', 'countDecr'],
  events: ['ingest', 'ingestEncoded'],
  experiences: ['callback'],
  integrations: ['execute', 'schedule', 'cancel'],
};
export const ADMIN_READERS = new Set(['get', 'list']);

export type Fn = (...args: unknown[]) => unknown;
export type Group = Record<string, unknown>;

/** How one operation's arguments travel in JSON, and back; and whether it is worth keeping. */
export interface Codec {
  /** Before the call: arguments as the function takes them (an iterable materialised once). */
  prepare?(args: unknown[]): unknown[];
  /** After the call: the arguments to record (a random credential becomes an argument; a secret its fingerprint). */
  record?(args: unknown[], result: unknown, sealer?: SecretSealer): unknown[];
  /** Back from JSON (a sealed secret opened with `sealer`). */
  restore?(args: unknown[], sealer?: SecretSealer): unknown[];
  /** `false`: the call changed nothing, keep no record (a stash write answered status 400). */
  changed?(result: unknown): boolean;
  /** A later operation with the same key makes this one irrelevant (an overwrite). */
  supersedeKey?(args: unknown[]): string;
}

const stashOk = (result: unknown) => (result as { status?: number }).status === 200;
const stashKey = (args: unknown[]) => args[0] as { trackingId: string; level: string; key?: string };

export const CODECS: Record<string, Codec> = {
  'services.stash.kvSet': {
    changed: stashOk,
    supersedeKey: (a) => `kv ${stashKey(a).trackingId} ${stashKey(a).level} ${stashKey(a).key}`,
  },
  'services.stash.tsSet': { changed: stashOk, supersedeKey: (a) => `ts ${stashKey(a).trackingId} ${stashKey(a).key}` },
  'services.stash.deferSet': { changed: stashOk },
  'services.stash.deferRemove': { changed: stashOk },
  'services.stash.countIncr': { changed: stashOk },
  'services.stash.countDecr': { changed: stashOk },
  'services.events.ingest': {
    // The body as received: UTF-8 as text (readable in a snapshot), other bytes as base64, so a malformed one replays
    // as it came.
    record: ([trackingId, body]) => [
      trackingId,
      body instanceof Uint8Array ? (utf8(body) ?? { base64: toBase64(body) }) : body,
    ],
    restore: ([trackingId, body]) => [
      trackingId,
      isObject(body) && typeof body.base64 === 'string' ? fromBase64(body.base64) : body,
    ],
  },
  'services.events.ingestEncoded': {
    // The body as received (gzip bytes) as base64, with its encoding: it replays as it came.
    record: ([trackingId, body, encoding]) => [trackingId, { base64: toBase64(body as Uint8Array) }, encoding],
    restore: ([trackingId, body, encoding]) => [trackingId, fromBase64((body as { base64: string }).base64), encoding],
  },
  // Secrets: name and fingerprint, and the sealed value when the state has a key; never the value.
  'admin.integrations.setSecrets': {
    record: ([trackingId, name, secrets], _result, sealer) => [trackingId, name, recordSecrets(secrets, sealer)],
    restore: ([trackingId, name, secrets], sealer) => [trackingId, name, restoreSecrets(secrets, sealer)],
  },
  'admin.stash.createCredential': { record: ([trackingId], credential) => [trackingId, credential] },
  'admin.recommend.recordInteractions': {
    prepare: ([trackingId, records]) => [trackingId, [...(records as Iterable<unknown>)]],
  },
};

const utf8 = (bytes: Uint8Array) => {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
};
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** A copy through JSON; `undefined` when the arguments hold a function or anything else JSON cannot carry. */
export function toJson(args: unknown[]): unknown[] | undefined {
  try {
    const text = JSON.stringify(args, (_key, value: unknown) => {
      if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
        throw new TypeError('not JSON');
      return value;
    });
    return JSON.parse(text) as unknown[];
  } catch {
    return undefined;
  }
}
