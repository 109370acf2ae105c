// The queue of unacknowledged events in localStorage, one set of keys per page view, so that no
// page sends another live page's events, and a lock with expiry so that one page at a time adopts
// what dead pages left behind. Events are written in chunks (those queued in one task), so a
// write costs what changed, never the whole queue.
import { isAlive, PageLock, type PageRecord } from './liveness';
import { checkWireEvent } from './schema';

/** Stored events of a page: chunk key -> events as JSON. */
type Chunks = Map<string, string[]>;

export interface Store {
  /** Writes the heartbeat `t` (default now; 0: the page is gone, its events free to adopt). Whether storage took it. */
  beat(t?: number): boolean;
  /** Writes events (as JSON) as a new chunk; returns its key, `undefined` when storage refused it. */
  add(events: readonly string[]): string | undefined;
  /** Rewrites chunk `key` with the events left in it, or removes it when none are. Whether storage took the write. */
  put(key: string, events: readonly string[]): boolean;
  /** This page's chunks as stored now (none when another page adopted them: its heartbeat record is gone). */
  load(): Chunks;
  /** Removes this page's heartbeat (consent withdrawn; its chunks go with `put(key, [])`). */
  drop(): void;
  /**
   * Takes the events (as JSON) of dead or departed pages (their keys are removed), under the lock.
   * `live`: the pages whose Web Lock is held (see liveness.ts); `undefined` where Web Locks cannot tell.
   */
  adopt(live?: ReadonlySet<string>): string[];
}

/** Ms the localStorage adoption lock is held at most (where there are no Web Locks). */
const ADOPTION_LOCK_MS = 5000;

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
  /** The adoption lock of the tracking id (localStorage). */
  readonly #adoption: string;
  #chunks = 0;

  readonly #storage: Storage;
  readonly #pageViewId: string;
  readonly #onInvalid: OnInvalid;
  /** The page's Web Lock, held while it has a record, so that other pages see it alive whatever its clock says. */
  readonly #lock: PageLock;

  constructor(storage: Storage, trackingId: string, pageViewId: string, onInvalid: OnInvalid) {
    this.#storage = storage;
    this.#pageViewId = pageViewId;
    this.#onInvalid = onInvalid;
    this.#lock = new PageLock(trackingId, pageViewId);
    this.#prefix = `_svcq:${trackingId}:`;
    this.#key = this.#prefix + pageViewId;
    this.#adoption = `_svcl:${trackingId}`;
  }

  /**
   * The record says `"l":1` once the page holds its Web Lock (rewritten when it is granted); `t` 0 lets the lock go.
   */
  beat(t = Date.now()) {
    if (t === 0) this.#lock.release();
    else
      this.#lock.hold(() => {
        // Granted later: the record rewritten to say so, unless the page has no record by then (dropped).
        if (this.#storage.getItem(this.#key) !== null) this.beat();
      });
    return this.#write(this.#key, this.#lock.held ? `{"t":${t},"l":1}` : `{"t":${t}}`);
  }

  add(events: readonly string[]) {
    const k = `${this.#key}:${this.#chunks++}`;
    return this.#write(k, `[${events}]`) ? k : undefined;
  }

  put(k: string, events: readonly string[]) {
    if (events.length > 0) return this.#write(k, `[${events}]`);
    this.#storage.removeItem(k);
    return true;
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
    this.#lock.release();
  }

  adopt(live?: ReadonlySet<string>) {
    const adopted: string[] = [];
    const now = Date.now();
    try {
      // Another page holds the lock, unless its expiry cannot be one set within the last 5 s (a clock set back since).
      const until = Number(this.#storage.getItem(this.#adoption));
      if (until > now && until <= now + ADOPTION_LOCK_MS) return adopted;
      this.#storage.setItem(this.#adoption, String(now + ADOPTION_LOCK_MS));
      for (const [page, keys] of this.#pages()) {
        if (page !== this.#pageViewId) adopted.push(...this.#adoptPage(page, keys, now, live));
      }
      this.#storage.removeItem(this.#adoption);
    } catch {
      // storage failing midway: what was read is kept, the rest stays for later
    }
    return adopted;
  }

  /**
   * The events of page `page` when it is dead or departed (`isAlive` of liveness.ts), its keys
   * removed. A record that cannot be read as JSON is no live page's: its chunks are adopted too.
   */
  #adoptPage(page: string, keys: string[], now: number, live: ReadonlySet<string> | undefined): string[] {
    let record: PageRecord | undefined;
    try {
      if (keys[0] === this.#prefix + page) record = Object(this.#read(keys[0]));
    } catch {} // unreadable: no heartbeat
    if (isAlive(record, page, now, live)) return [];
    const adopted = valid(record?.e, this.#onInvalid);
    for (const k of keys) {
      try {
        if (k.includes(':', this.#prefix.length)) adopted.push(...valid(this.#read(k), this.#onInvalid));
      } catch {} // an unreadable chunk: nothing to send
      this.#storage.removeItem(k);
    }
    return adopted;
  }

  /** Whether storage took the write (it refuses one when full, or when the browser blocks storage). */
  #write(k: string, value: string): boolean {
    try {
      this.#storage.setItem(k, value);
      return true;
    } catch {
      return false;
    }
  }

  #read(k: string): unknown {
    return JSON.parse(this.#storage.getItem(k)!);
  }

  /**
   * The keys of the page views of this tracking id: page view id -> its keys (heartbeat record first when there is
   * one).
   */
  #pages() {
    const byPage = new Map<string, string[]>();
    // for-in: the stored keys (and Storage's methods, which never match the prefix).
    for (const k in this.#storage) {
      if (!k.startsWith(this.#prefix)) continue;
      const page = k.slice(this.#prefix.length).split(':')[0];
      let keys = byPage.get(page);
      if (keys === undefined) {
        keys = [];
        byPage.set(page, keys);
      }
      if (k.includes(':', this.#prefix.length)) keys.push(k);
      else keys.unshift(k);
    }
    return byPage;
  }
}
