// The queue of unacknowledged events in localStorage, one record per page view, so that no page
// sends another live page's events, and a lock with expiry so that one page at a time adopts
// what dead pages left behind.
import type { TrackingEvent } from './types';

export interface Store {
  /** Writes this page's queue (events as JSON) with heartbeat `t` (default now; 0: the page is gone). True when storage refused it. */
  save(events: readonly string[], t?: number): true | undefined;
  /** This page's events (as JSON) as stored now, `undefined` when another page adopted them. */
  load(): string[] | undefined;
  /** Takes the events (as JSON) of dead or departed pages (their records are removed), under the lock. */
  adopt(): string[];
}

/**
 * The store of `pageViewId`, or `undefined` when localStorage is unavailable (blocked, Safari
 * private mode, throwing). Keys: `_svcq:<trackingId>:<pageViewId>` -> `{"t": heartbeat ms, "e": events}`,
 * and the adoption lock `_svcl:<trackingId>` -> `<expiry ms>` (taken when absent or expired).
 */
export function createStore(trackingId: string, pageViewId: string): Store | undefined {
  const prefix = `_svcq:${trackingId}:`;
  const key = prefix + pageViewId;
  const lock = '_svcl:' + trackingId;
  let storage: Storage;
  /** A record as [heartbeat, events as JSON]; events without a string meta.id are left out. */
  const read = (k: string): [number, string[]] | undefined => {
    try {
      const { t, e } = JSON.parse(storage.getItem(k)!);
      return [+t || 0, e.filter((x: TrackingEvent) => typeof x?.meta?.id == 'string').map((x: TrackingEvent) => JSON.stringify(x))];
    } catch {} // unreadable: undefined
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
        if (events[0]) storage.setItem(key, `{"t":${t},"e":[${events}]}`);
        else storage.removeItem(key);
      } catch {
        return true;
      }
    },
    load: () => read(key)?.[1],
    adopt() {
      const adopted: string[] = [];
      const now = Date.now();
      try {
        if (!(+storage.getItem(lock)! > now)) {
          storage.setItem(lock, now + 5000 + '');
          // for-in: the stored keys (and Storage's methods, which never match the prefix).
          for (const k in storage) {
            const record = k.startsWith(prefix) && k != key && read(k);
            // A heartbeat older than 3 minutes: a dead page (hidden tabs beat at least once a minute).
            if (record && record[0] < now - 180_000) {
              adopted.push(...record[1]);
              storage.removeItem(k);
            }
          }
          storage.removeItem(lock);
        }
      } catch {
        // storage failing midway: what was read is kept, the rest stays for later
      }
      return adopted;
    },
  };
}
