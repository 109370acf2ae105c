// The queue of unacknowledged events and its copy in localStorage (store.ts). Each event is
// serialised once, at emit; storage holds it in chunks of at most CHUNK events, so a write costs
// what changed, never the whole queue.

import { utf8Bytes } from './delivery';
import { type Deferred, whenIdle } from './idle';
import { livePages } from './liveness';
import type { Store } from './store';

/**
 * A queued event: its JSON (serialised once, at emit), its UTF-8 bytes, the storage chunk holding it, and whether it
 * left the queue.
 */
export interface Queued {
  json: string;
  bytes: number;
  chunk?: string;
  done?: boolean;
}

/** Events per storage chunk at most, so that removing a few rewrites a few. */
export const CHUNK = 20;
/**
 * Ms an event waits to be written to storage while the platform acknowledges (most are acknowledged first, and never
 * written).
 */
export const SAVE_DELAY = 2000;

/**
 * Ms the adoption's Web Lock stays held after adopting: time for the records it removed to reach
 * every other tab's view of localStorage (across processes, a copy may lag by a few ms under load).
 */
const ADOPTION_SETTLE_MS = 1000;

/** The tracker's queue: what waits for the platform, what is in keepalive requests, what is stored. */
export interface EventQueue {
  /** Events waiting for the platform's acknowledgement. */
  readonly length: number;
  /** Events not in a keepalive request in flight, oldest first. */
  unsent(): Queued[];
  /** How many events are not in a keepalive request in flight (`unsent().length`, without building the list). */
  waiting(): number;
  /**
   * Queues events (as JSON); beyond `maxQueue` the oldest are dropped and counted. Stored after this task, or after
   * `SAVE_DELAY` (see `answered`).
   */
  add(events: readonly string[]): void;
  /**
   * Takes events out (acknowledged, refused, dropped), and out of storage: only the chunks that held them are
   * rewritten.
   */
  remove(gone: readonly Queued[]): void;
  /** Marks events as in a keepalive request in flight (`true`) or no longer (`false`). */
  keepAlive(events: readonly Queued[], inFlight: boolean): void;
  /**
   * Whether the platform answered the last attempt: while it does, events are written to storage
   * after `SAVE_DELAY` (a write costs the page more than the rest of an event's delivery); after a
   * failed attempt, what waits is written at once and then once per task.
   */
  answered(yes: boolean): void;
  /** Writes what waits to be stored, now (page exit, stop, a failed attempt), opening storage first if it waits to open. */
  save(): void;
  /**
   * Storage opened (consent granted): every queued event is written (as `add` writes them). `undefined`: no storage,
   * memory only.
   */
  open(store: Store | undefined): void;
  /**
   * Storage to open in the browser's idle time (consent granted): `open` with what `openStore`
   * returns, then, in a second idle callback, what dead pages left is adopted. Sooner when an event
   * must be written at once (`save`). Until then events are kept in memory, and sent.
   */
  openWhenIdle(openStore: () => Store | undefined): void;
  /** Opens storage and adopts what dead pages left now, where they wait for idle time (`openWhenIdle`); `flush()` sends those too. */
  openNow(): void;
  /** Consent withdrawn: the queue and its stored copy dropped, storage closed (or never opened). */
  clear(): void;
  /** Back from the back/forward cache: the queue becomes what storage holds now (another page may have adopted it). */
  reload(): void;
  /** Writes this page's heartbeat while it has events stored (`t` 0: released for the next page). */
  beat(t?: number): void;
  /** Takes over what dead pages left (see `adopt` in store.ts), under the Web Lock where there is one. */
  adopt(): void;
  /** Calls `listener` after events were queued (the sender schedules a batch); one listener. */
  whenAdded(listener: () => void): void;
}

/** What the queue needs from the tracker. */
export interface QueueContext {
  trackingId: string;
  maxQueue: number;
  /** Counts events dropped beyond `maxQueue`. */
  dropped: { overflow: number };
  /** Says once on the console that storage is unavailable. */
  warn: () => void;
}

/** The queue of one page: a class, so that each of its steps reads on its own. */
class PageQueue implements EventQueue {
  #queue: Queued[] = [];
  /** Events queued since the last write to storage. */
  #unsaved: Queued[] = [];
  /** Per storage chunk, its events still queued. */
  readonly #chunks = new Map<string, number>();
  /** Events in keepalive requests in flight (they outlive the page: page exit does not send them again). */
  readonly #keptAlive = new Set<Queued>();
  #store: Store | undefined;
  /** Storage waiting for idle time to open (see `openWhenIdle`). */
  #opening: Deferred | undefined;
  #answering = false;
  #saveScheduled = false;
  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  #onAdded = () => {};

  readonly #context: QueueContext;

  constructor(context: QueueContext) {
    this.#context = context;
  }

  get length() {
    return this.#queue.length;
  }

  unsent() {
    return this.#queue.filter((e) => !this.#keptAlive.has(e));
  }

  waiting() {
    return this.#queue.length - this.#keptAlive.size;
  }

  add(events: readonly string[]) {
    for (const json of events) {
      const e: Queued = { json, bytes: utf8Bytes(json) };
      this.#queue.push(e);
      this.#unsaved.push(e);
    }
    const over = this.#queue.length - this.#context.maxQueue;
    if (over > 0) {
      this.#context.dropped.overflow += over;
      this.remove(this.#queue.slice(0, over));
    }
    this.#saveLater();
    this.#onAdded();
  }

  remove(gone: readonly Queued[]) {
    const touched = new Set<string>();
    for (const e of gone) {
      if (e.done) continue;
      e.done = true;
      this.#keptAlive.delete(e);
      if (e.chunk) {
        touched.add(e.chunk);
        this.#chunks.set(e.chunk, this.#chunks.get(e.chunk)! - 1);
      }
    }
    this.#queue = this.#queue.filter((e) => !e.done);
    for (const key of touched) this.#rewrite(key);
    if (touched.size && !this.#chunks.size) this.#store?.drop(); // nothing stored: no heartbeat either
  }

  keepAlive(events: readonly Queued[], inFlight: boolean) {
    for (const e of events) {
      if (inFlight) this.#keptAlive.add(e);
      else this.#keptAlive.delete(e);
    }
  }

  answered(yes: boolean) {
    this.#answering = yes;
    if (!yes) this.save(); // what waited for SAVE_DELAY is written now
  }

  save() {
    this.openNow();
    this.#write();
  }

  openNow() {
    this.#opening?.now();
  }

  /** Writes the events queued since the last write, in chunks of at most `CHUNK`, to storage if open. */
  #write() {
    this.#saveScheduled = false;
    clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
    const fresh = this.#unsaved.filter((e) => !e.done);
    this.#unsaved = [];
    for (let i = 0; this.#store && i < fresh.length; i += CHUNK) {
      // The heartbeat before the first chunk: chunks without one are a dead page's to adopt.
      if (!this.#chunks.size && !this.#store.beat()) return this.#context.warn();
      const part = fresh.slice(i, i + CHUNK);
      const key = this.#store.add(part.map((e) => e.json));
      if (!key) return this.#context.warn();
      this.#chunks.set(key, part.length);
      for (const e of part) e.chunk = key;
    }
  }

  open(store: Store | undefined) {
    this.#store = store;
    this.#unsaved = this.#queue.slice();
    // As if each had just been queued: while the platform acknowledges, most never need writing.
    if (this.#answering) this.#saveLater();
    else this.#write();
  }

  openWhenIdle(openStore: () => Store | undefined) {
    this.#opening?.cancel();
    // Two idle callbacks: storage opened (about 20 ms at 4x CPU throttle), then what dead pages left adopted.
    this.#opening = whenIdle(
      () => this.open(openStore()),
      () => {
        this.#opening = undefined;
        this.adopt();
      },
    );
  }

  clear() {
    this.#opening?.cancel();
    this.#opening = undefined;
    this.remove(this.#queue);
    this.#store = undefined;
  }

  reload() {
    if (!this.#store) return;
    this.#queue = [];
    this.#chunks.clear();
    for (const [key, events] of this.#store.load()) {
      this.#chunks.set(key, events.length);
      for (const json of events) this.#queue.push({ json, bytes: utf8Bytes(json), chunk: key });
    }
    this.beat();
    this.#onAdded();
  }

  beat(t?: number) {
    if (this.#chunks.size && this.#store && !this.#store.beat(t)) this.#context.warn();
  }

  adopt() {
    const store = this.#store;
    // Only with storage: where there is none (an opaque origin) the lock request would reject too.
    if (!store) return;
    // Under the Web Lock `_svcl:<trackingId>` where the browser has Web Locks (secure contexts):
    // the localStorage lock is not atomic across processes, so two tabs starting at the same
    // instant could both adopt one record. A tab finding the Web Lock held skips (the holder
    // adopts; the heartbeat tries again). Elsewhere (plain http) the localStorage lock alone: its
    // remaining race sends a record twice at worst, which the platform deduplicates.
    // Inside it, the pages whose own Web Lock is held are alive, whatever their heartbeat says.
    // The lock is held `ADOPTION_SETTLE_MS` longer: another tab's renderer sees the records removed
    // here only after localStorage propagates between processes, and must not take the lock before.
    if (!navigator.locks) return this.add(store.adopt());
    const { trackingId } = this.#context;
    void navigator.locks.request(`_svcl:${trackingId}`, { ifAvailable: true }, async (lock) => {
      if (!lock) return;
      const live = await livePages(trackingId);
      if (this.#store) this.add(this.#store.adopt(live));
      await new Promise((settled) => setTimeout(settled, ADOPTION_SETTLE_MS));
    });
  }

  whenAdded(listener: () => void) {
    this.#onAdded = listener;
  }

  /**
   * Written once after the current task, however many events it queued; while the platform acknowledges, after
   * `SAVE_DELAY`.
   */
  #saveLater() {
    if (this.#answering) this.#saveTimer ??= setTimeout(() => this.#write(), SAVE_DELAY);
    else if (!this.#saveScheduled) {
      this.#saveScheduled = true;
      queueMicrotask(() => this.#write());
    }
  }

  /** Rewrites chunk `key` with its events still queued, or removes it when none are. */
  #rewrite(key: string) {
    const left = this.#chunks.get(key);
    if (!left) this.#chunks.delete(key);
    const events = left ? this.#queue.filter((e) => e.chunk === key).map((e) => e.json) : [];
    if (this.#store && !this.#store.put(key, events)) this.#context.warn();
  }
}

/** The queue of one page, empty, with no storage until `open`. */
export function createQueue(context: QueueContext): EventQueue {
  return new PageQueue(context);
}
