// The queue of unacknowledged events in localStorage, one set of keys per page view, so that no
// page sends another live page's events, and a lock with expiry so that one page at a time adopts
// what dead pages left behind. Events are written in chunks (those queued in one task), so a
// write costs what changed, never the whole queue.
import type { TrackingEvent } from './types';

/** Stored events of a page: chunk key -> events as JSON. */
export type Chunks = Map<string, string[]>;

export interface Store {
  /** Writes the heartbeat `t` (default now; 0: the page is gone, its events free to adopt). True when storage refused it. */
  beat(t?: number): true | undefined;
  /** Writes events (as JSON) as a new chunk; returns its key, `undefined` when storage refused it. */
  add(events: readonly string[]): string | undefined;
  /** Rewrites chunk `key` with the events left in it, or removes it when none are. True when storage refused it. */
  put(key: string, events: readonly string[]): true | undefined;
  /** This page's chunks as stored now (none when another page adopted them: its heartbeat record is gone). */
  load(): Chunks;
  /** Removes this page's heartbeat (consent withdrawn; its chunks go with `put(key, [])`). */
  drop(): void;
  /** Takes the events (as JSON) of dead or departed pages (their keys are removed), under the lock. */
  adopt(): string[];
}

/** Events (as JSON) of a stored array; those without a string meta.id are left out. */
const valid = (events: unknown): string[] =>
  Array.isArray(events)
    ? events.filter((x: TrackingEvent) => typeof x?.meta?.id === 'string').map((x) => JSON.stringify(x))
    : [];

/**
 * The store of `pageViewId`, or `undefined` when localStorage is unavailable (blocked, Safari
 * private mode, throwing). Keys: `_svcq:<trackingId>:<pageViewId>` -> `{"t": heartbeat ms}`,
 * `_svcq:<trackingId>:<pageViewId>:<n>` -> `[events]` (a chunk), and the adoption lock
 * `_svcl:<trackingId>` -> `<expiry ms>` (taken when absent or expired). A page's record may also
 * hold `"e": [events]`, as the tracker stored its whole queue before chunks: those are adopted too.
 */
export function createStore(trackingId: string, pageViewId: string): Store | undefined {
  const prefix = `_svcq:${trackingId}:`;
  const key = prefix + pageViewId;
  const lock = '_svcl:' + trackingId;
  let storage: Storage;
  let chunks = 0;
  try {
    storage = localStorage;
    storage.setItem(key, '');
    storage.removeItem(key);
  } catch {
    return undefined;
  }
  const write = (k: string, value: string) => {
    try {
      storage.setItem(k, value);
    } catch {
      return true as const;
    }
  };
  /** The keys of the page views of this tracking id: page view id -> its keys (heartbeat record first when there is one). */
  const pages = () => {
    const byPage = new Map<string, string[]>();
    // for-in: the stored keys (and Storage's methods, which never match the prefix).
    for (const k in storage) {
      if (!k.startsWith(prefix)) continue;
      const page = k.slice(prefix.length).split(':')[0];
      const keys = byPage.get(page) ?? byPage.set(page, []).get(page)!;
      if (k.includes(':', prefix.length)) keys.push(k);
      else keys.unshift(k);
    }
    return byPage;
  };
  const read = (k: string) => JSON.parse(storage.getItem(k)!);
  return {
    beat: (t = Date.now()) => write(key, `{"t":${t}}`),
    add(events) {
      const k = `${key}:${chunks++}`;
      return write(k, `[${events}]`) ? undefined : k;
    },
    put(k, events) {
      if (events[0]) return write(k, `[${events}]`);
      storage.removeItem(k);
    },
    load() {
      const stored: Chunks = new Map();
      const keys = pages().get(pageViewId) ?? [];
      for (const k of keys[0] === key ? keys.slice(1) : []) {
        try {
          stored.set(k, valid(read(k)));
        } catch {} // unreadable: left out
      }
      return stored;
    },
    drop: () => storage.removeItem(key),
    adopt() {
      const adopted: string[] = [];
      const now = Date.now();
      try {
        if (!(+storage.getItem(lock)! > now)) {
          storage.setItem(lock, now + 5000 + '');
          for (const [page, keys] of pages()) {
            if (page === pageViewId) continue;
            let record: { t?: unknown; e?: unknown } = {};
            try {
              if (keys[0] === prefix + page) record = Object(read(keys[0]));
            } catch {
              continue; // an unreadable record: not ours to judge, left as it is
            }
            // No heartbeat, or one older than 3 minutes: a dead page (hidden tabs beat at least
            // once a minute). 0: a page that left.
            if (!(+record.t! >= now - 180_000)) {
              adopted.push(...valid(record.e));
              for (const k of keys) {
                try {
                  if (k.includes(':', prefix.length)) adopted.push(...valid(read(k)));
                } catch {} // an unreadable chunk: nothing to send
                storage.removeItem(k);
              }
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
