// The queue of unacknowledged events in localStorage, one record per page view, so that no page
// sends another live page's events, and a lock with expiry so that one page at a time adopts
// what dead pages left behind.
import type { TrackingEvent } from './types';

/** Record key: `_svcq:<trackingId>:<pageViewId>` -> `{"t": heartbeat ms (0: page gone), "e": events}`. */
const QUEUE = '_svcq:';
/** Adoption lock: `_svcl:<trackingId>` -> `<pageViewId> <expiry ms>`. */
const LOCK = '_svcl:';
/** A record whose heartbeat is older than this belongs to a dead page (hidden tabs beat at least once a minute). */
export const STALE_MS = 180_000;
const LOCK_MS = 5_000;

export interface Store {
  /** Writes this page's queue with a fresh heartbeat, or `t`. False when storage refused it. */
  save(events: readonly TrackingEvent[], t?: number): boolean;
  /** This page's record as stored now, `undefined` when another page adopted it. */
  load(): TrackingEvent[] | undefined;
  /** Takes the events of dead or departed pages (their records are removed), under the lock. */
  adopt(): TrackingEvent[];
}

const valid = (e: TrackingEvent) => typeof e?.meta?.id == 'string' && typeof e.data == 'object';

/** The store, or `undefined` when localStorage is unavailable (blocked, Safari private mode, throwing). */
export function createStore(trackingId: string, pageViewId: string): Store | undefined {
  let storage: Storage;
  const key = QUEUE + trackingId + ':' + pageViewId;
  const read = (k: string) => {
    try {
      const record = JSON.parse(storage.getItem(k)!);
      return { t: +record.t || 0, e: (Array.isArray(record.e) ? record.e : []).filter(valid) as TrackingEvent[] };
    } catch {
      return undefined;
    }
  };
  try {
    storage = localStorage;
    storage.setItem(key, '');
    storage.removeItem(key);
  } catch {
    return undefined;
  }
  return {
    save(events, t = Date.now()) {
      try {
        if (events.length) storage.setItem(key, JSON.stringify({ t, e: events }));
        else storage.removeItem(key);
        return true;
      } catch {
        return false;
      }
    },
    load: () => read(key)?.e,
    adopt() {
      const adopted: TrackingEvent[] = [];
      const lock = LOCK + trackingId;
      const now = Date.now();
      try {
        const [holder, until] = (storage.getItem(lock) || '').split(' ');
        if (holder && holder != pageViewId && +until > now) return adopted;
        storage.setItem(lock, pageViewId + ' ' + (now + LOCK_MS));
        const keys: string[] = [];
        for (let i = 0; i < storage.length; i++) keys.push(storage.key(i)!);
        for (const k of keys) {
          const record = k.startsWith(QUEUE + trackingId + ':') && k != key && read(k);
          if (record && record.t < now - STALE_MS) {
            adopted.push(...record.e);
            storage.removeItem(k);
          }
        }
        storage.removeItem(lock);
      } catch {
        // storage failing midway: what was read is kept, the rest stays for later
      }
      return adopted;
    },
  };
}
