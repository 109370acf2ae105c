// The queue of unacknowledged events in localStorage, one set of keys per page view, so that no
// page sends another live page's events, and a lock with expiry so that one page at a time adopts
// what dead pages left behind. Events are written in chunks (those queued in one task), so a
// write costs what changed, never the whole queue.
import { checkWireEvent } from './schema';

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

/** Told of each stored event left out, with the reason (the field the platform would refuse). */
export type OnInvalid = (reason: string) => void;

/**
 * Events (as JSON) of a stored array, each checked as the platform checks a batch's events: one
 * it would refuse is left out and reported to `onInvalid`, so that it cannot make the platform
 * refuse a batch of good ones.
 */
function valid(events: unknown, onInvalid: OnInvalid): string[] {
  if (!Array.isArray(events)) return [];
  const kept: string[] = [];
  for (const event of events) {
    try {
      checkWireEvent('stored event', event);
      kept.push(JSON.stringify(event));
    } catch (error) {
      onInvalid((error as Error).message);
    }
  }
  return kept;
}

/**
 * The store of `pageViewId`, or `undefined` when localStorage is unavailable (blocked, Safari
 * #mode, throwing). Keys: `_svcq:<trackingId>:<pageViewId>` -> `{"t": heartbeat ms}`,
 * `_svcq:<trackingId>:<pageViewId>:<n>` -> `[events]` (a chunk), and the adoption lock
 * `_svcl:<trackingId>` -> `<expiry ms>` (taken when absent or expired). A page's record may also
 * hold `"e": [events]`, as the tracker stored its whole queue before chunks: those are adopted too.
 */
export function createStore(trackingId: string, pageViewId: string, onInvalid: OnInvalid): Store | undefined {
  try {
    const probe = `_svcq:${trackingId}:${pageViewId}`;
    localStorage.setItem(probe, '');
    localStorage.removeItem(probe);
    return new PageStore(localStorage, trackingId, pageViewId, onInvalid);
  } catch {
    return undefined;
  }
}

/** A page's keys in `storage`: a class, so that each step reads on its own. */
class PageStore implements Store {
  readonly #prefix: string;
  /** This page's heartbeat record. */
  readonly #key: string;
  /** The adoption lock of the tracking id. */
  readonly #lock: string;
  #chunks = 0;

  readonly #storage: Storage;
  readonly #pageViewId: string;
  readonly #onInvalid: OnInvalid;

  constructor(storage: Storage, trackingId: string, pageViewId: string, onInvalid: OnInvalid) {
    this.#storage = storage;
    this.#pageViewId = pageViewId;
    this.#onInvalid = onInvalid;
    this.#prefix = `_svcq:${trackingId}:`;
    this.#key = this.#prefix + pageViewId;
    this.#lock = `_svcl:${trackingId}`;
  }

  beat(t = Date.now()) {
    return this.#write(this.#key, `{"t":${t}}`);
  }

  add(events: readonly string[]) {
    const k = `${this.#key}:${this.#chunks++}`;
    return this.#write(k, `[${events}]`) ? undefined : k;
  }

  put(k: string, events: readonly string[]) {
    if (events[0]) return this.#write(k, `[${events}]`);
    this.#storage.removeItem(k);
  }

  load() {
    const stored: Chunks = new Map();
    const keys = this.#pages().get(this.#pageViewId) ?? [];
    for (const k of keys[0] === this.#key ? keys.slice(1) : []) {
      try {
        stored.set(k, valid(this.#read(k), this.#onInvalid));
      } catch {} // unreadable: left out
    }
    return stored;
  }

  drop() {
    this.#storage.removeItem(this.#key);
  }

  adopt() {
    const adopted: string[] = [];
    const now = Date.now();
    try {
      if (Number(this.#storage.getItem(this.#lock)) > now) return adopted; // another page holds the lock
      this.#storage.setItem(this.#lock, String(now + 5000));
      for (const [page, keys] of this.#pages()) {
        if (page !== this.#pageViewId) adopted.push(...this.#adoptPage(page, keys, now));
      }
      this.#storage.removeItem(this.#lock);
    } catch {
      // storage failing midway: what was read is kept, the rest stays for later
    }
    return adopted;
  }

  /**
   * The events of page `page` when it is dead or departed, its keys removed: no heartbeat, or one
   * older than 3 minutes (hidden tabs beat at least once a minute); 0: a page that left.
   */
  #adoptPage(page: string, keys: string[], now: number): string[] {
    let record: { t?: unknown; e?: unknown } = {};
    try {
      if (keys[0] === this.#prefix + page) record = Object(this.#read(keys[0]));
    } catch {
      return []; // an unreadable record: not ours to judge, left as it is
    }
    if (Number(record.t) >= now - 180_000) return []; // alive
    const adopted = valid(record.e, this.#onInvalid);
    for (const k of keys) {
      try {
        if (k.includes(':', this.#prefix.length)) adopted.push(...valid(this.#read(k), this.#onInvalid));
      } catch {} // an unreadable chunk: nothing to send
      this.#storage.removeItem(k);
    }
    return adopted;
  }

  /** True when storage refused the write. */
  #write(k: string, value: string): true | undefined {
    try {
      this.#storage.setItem(k, value);
    } catch {
      return true;
    }
  }

  #read(k: string): unknown {
    return JSON.parse(this.#storage.getItem(k)!);
  }

  /** The keys of the page views of this tracking id: page view id -> its keys (heartbeat record first when there is one). */
  #pages() {
    const byPage = new Map<string, string[]>();
    // for-in: the stored keys (and Storage's methods, which never match the prefix).
    for (const k in this.#storage) {
      if (!k.startsWith(this.#prefix)) continue;
      const page = k.slice(this.#prefix.length).split(':')[0];
      const keys = byPage.get(page) ?? byPage.set(page, []).get(page)!;
      if (k.includes(':', this.#prefix.length)) keys.push(k);
      else keys.unshift(k);
    }
    return byPage;
  }
}
