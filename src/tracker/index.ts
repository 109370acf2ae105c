// @svc/tracker: the visitor id, consent, and tracking events that are never lost.
import {
  checkEndpoint,
  endpointFor,
  invalid,
  type PageTracker,
  pageTracker,
  randomId,
  refuseUnknownKeys,
  segment,
  setPageTracker,
} from '@svc/core';
import {
  backoff,
  body,
  compress,
  compressNow,
  fitting,
  KEEPALIVE_BUDGET,
  MAX_BODY,
  MAX_JSON,
  post,
  retryable,
  utf8Bytes,
} from './delivery';
import { cookieDomain, readIdentity, removeIdentity, writeIdentity } from './identity';
import { checkEvent, checkField, checkShape, type Shape } from './schema';
import { createStore, type Store } from './store';
import type { Consent, TrackingEvent } from './types';

export { setEndpoints } from '@svc/core';

// The errors every client rejects with: one class hierarchy, from @svc/core.
export * from '@svc/core/errors';
export { checkEvent, EVENT_SCHEMA, type Field, type Kind, PRODUCT, type Shape } from './schema';
export type { Consent, EventMeta, TrackingEvent } from './types';

/** Options of `createTracker`; only `trackingId` is required. */
export interface TrackerOptions {
  /** The customer property the events belong to. Required: 1-128 characters of `A-Z a-z 0-9 . _ ~ -`. */
  trackingId: string;
  /** Base URL of the events interface. Default: `setEndpoints({ events })`, else `https://events.svc.example`. */
  endpoint?: string;
  /** `granted`, `pending` (nothing written or sent until `consent('granted')`) or `denied`. Default `granted`. */
  consent?: Consent;
  /**
   * Domain attribute of the visitor cookies, e.g. `example.co.uk`; `''` for a host cookie.
   * Default: the widest domain the browser accepts, probed from the registrable domain down.
   */
  cookieDomain?: string;
  /**
   * Events queued that make a request leave at once instead of after `batchDelay`. Default 20. A
   * request carries every queued event that fits its body (60,000 bytes as sent, gzip where the
   * browser has `CompressionStream`).
   */
  batchSize?: number;
  /** Milliseconds an event waits for others to fill a batch. Default 1000. */
  batchDelay?: number;
  /** Events kept at most while the platform is unreachable; beyond it the oldest are dropped and counted. Default 1000. */
  maxQueue?: number;
  /** Backoff base, ms: failed attempt k waits a random time in [0, retryBase * 2^k], after Retry-After if sent. Default 1000. */
  retryBase?: number;
  /** Longest backoff wait, ms. Default 60000. */
  retryMax?: number;
  /** Ms after which a request without an answer is abandoned and counts as a failed attempt (the backoff goes on). Default 10000. */
  requestTimeout?: number;
}

/** How `createTracker` checks its options (the event table's field codes; `trackingId` is a path segment, checked by core). */
const OPTIONS: Shape = {
  endpoint: 'string',
  consent: ['granted', 'pending', 'denied'],
  cookieDomain: 'string',
  batchSize: 'integer >= 1',
  batchDelay: 'integer >= 0',
  maxQueue: 'integer >= 1',
  retryBase: 'integer >= 1',
  retryMax: 'integer >= 1',
  requestTimeout: 'integer >= 1',
};

/** A handler of `tracker.on`: called with each event of the type it listens to. */
export type EventHandler = (event: TrackingEvent) => void;

/** The page's tracker, as `createTracker` returns it. */
export interface Tracker extends PageTracker {
  /** The visitor id (`_svcTracker`); `undefined` while consent is denied. */
  readonly visitorId: string | undefined;
  /** Random id of this page load, in every event's `meta.pageViewId`. */
  readonly pageViewId: string;
  /** The consent now in force. */
  readonly consentState: Consent;
  /** Events waiting for the platform's acknowledgement. */
  readonly queued: number;
  /** Events dropped: `overflow` (oldest beyond `maxQueue`), `rejected` (refused by the platform: 400, 413). */
  readonly dropped: { overflow: number; rejected: number };
  /**
   * Validates `data` against the event table (`INVALID_ARGUMENT` naming the field), adds `meta`,
   * serialises the event (what travels is `data` as it is now), tells `on` handlers, and queues it
   * for delivery (unless consent is denied). Returns it.
   */
  emit(type: string, data: Record<string, unknown>): TrackingEvent;
  /**
   * Calls `handler` for this page's earlier events of `type` (a name or a RegExp): the last 100
   * events, and the last of each type however old, in the order they were emitted; then for new
   * ones. Returns an unsubscribe.
   */
  on(type: string | RegExp, handler: EventHandler): () => void;
  /**
   * Sends the queue now, even while a retry waits for its backoff (only a Retry-After the platform
   * sent is still waited for); resolves when it is empty or an attempt failed (then the backoff retries).
   */
  flush(): Promise<void>;
  /** Grants or withdraws consent. Withdrawing drops the queue and removes the cookies. */
  consent(state: 'granted' | 'denied'): void;
  /** Removes the tracker's listeners and timers; what is queued stays stored, released for the next page to send. */
  stop(): void;
}

/** What the tracker could not use; each is said once on the console. */
const warned: Record<string, unknown> = {};
const warn = (what: string) => {
  if (warned[what]) return;
  warned[what] = 1;
  console.warn(`svc tracker: no ${what}, in memory only`);
};

/** A queued event: its JSON (serialised once, at emit), its UTF-8 bytes, the storage chunk holding it, and whether it left the queue. */
interface Queued {
  json: string;
  bytes: number;
  chunk?: string;
  done?: boolean;
}

/** Events of the page's history that `on()` replays at most (besides the last of each type). */
const HISTORY = 100;
/** Events per storage chunk at most, so that removing a few rewrites a few. */
const CHUNK = 20;
/** Ms an event waits to be written to storage while the platform acknowledges (most are acknowledged first, and never written). */
const SAVE_DELAY = 2000;

/** Starts the tracker of this page and registers it for the other packages (`pageTracker()`). */
export function createTracker(options: TrackerOptions): Tracker {
  checkShape('options', options, OPTIONS, true);
  refuseUnknownKeys('options', options, ['trackingId', ...Object.keys(OPTIONS)]);
  let {
    trackingId,
    cookieDomain: domainOption,
    consent = 'granted' as Consent,
    batchSize = 20,
    batchDelay = 1000,
    maxQueue = 1000,
    retryBase = 1000,
    retryMax = 60000,
    requestTimeout = 10000,
  } = options;
  if (options.endpoint !== undefined) checkEndpoint('options.endpoint', options.endpoint);
  const url = `${endpointFor('events', options.endpoint)}/events/v1/${segment('options.trackingId', trackingId)}`;

  const pageViewId = randomId();
  /** The page's history for `on()`, bounded: the last `HISTORY` events, and the last event of each type (however old). */
  const recent: TrackingEvent[] = [];
  const latest = new Map<string, TrackingEvent>();
  /** The `on` subscriptions, each a listener that filters by type. */
  const handlers = new Set<EventHandler>();
  const dropped = { overflow: 0, rejected: 0 };
  /** Unacknowledged events, oldest first. */
  let queue: Queued[] = [];
  /** Events queued since the last write to storage. */
  let unsaved: Queued[] = [];
  /** Per storage chunk, its events still queued. */
  const chunks = new Map<string, number>();
  /** Events in keepalive requests in flight (they outlive the page: page exit does not send them again), and those requests' bytes. */
  const keptAlive = new Set<Queued>();
  let keepaliveBytes = 0;
  // Set by flush() ("send now": a navigation may follow, as after a click): the next batch goes keepalive when it fits.
  let urgent = false;
  // Set by flush() until its run ends: every batch follows at once, however few events wait.
  let flushing = false;
  let visitorId: string | undefined;
  let store: Store | undefined;
  let domain: string | undefined;
  let seq = 0;
  let _persisting = false;
  /**
   * The platform answered the last attempt (acknowledged or refused): events are then written to
   * storage after `SAVE_DELAY` (a write costs the page more than the rest of an event's delivery).
   * Until the first answer and after a failed attempt, once per task. Page exit, stop() and a
   * failed attempt write at once what waits.
   */
  let answering = false;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let attempt = 0;
  let waitUntil = 0;
  /** The part of the wait the platform asked for (Retry-After): flush() waits for it, not for the rest of the backoff. */
  let retryAfterUntil = 0;

  /** Writes this page's heartbeat, while it has events stored (`t` 0: released for the next page). */
  const beat = (t?: number) => chunks.size && store?.beat(t) && warn('localStorage');
  /** Events not in a keepalive request in flight, oldest first. */
  const unsent = () => queue.filter((e) => !keptAlive.has(e));
  const sending = () => consent === 'granted' && queue.length > keptAlive.size;

  /** Writes the events queued since the last write, in chunks (a microtask after `emit`, or after `SAVE_DELAY`: see `answering`). */
  const persist = () => {
    _persisting = false;
    saveTimer = clearTimeout(saveTimer) as undefined; // cleared and forgotten
    const fresh = unsaved.filter((e) => !e.done);
    unsaved = [];
    for (let i = 0; store && i < fresh.length; i += CHUNK) {
      // The heartbeat before the first chunk: chunks without one are a dead page's to adopt.
      if (!chunks.size && store.beat()) return warn('localStorage');
      const part = fresh.slice(i, i + CHUNK);
      const key = store.add(part.map((e) => e.json));
      if (!key) return warn('localStorage');
      chunks.set(key, part.length);
      for (const e of part) e.chunk = key;
    }
  };
  /** Takes events out of the queue (acknowledged, refused, dropped) and out of storage: only the chunks that held them are rewritten. */
  const remove = (gone: readonly Queued[]) => {
    const touched = new Set<string>();
    for (const e of gone) {
      if (e.done) continue;
      e.done = true;
      keptAlive.delete(e);
      if (e.chunk) {
        touched.add(e.chunk);
        chunks.set(e.chunk, chunks.get(e.chunk)! - 1);
      }
    }
    queue = queue.filter((e) => !e.done);
    for (const key of touched) {
      const left = chunks.get(key);
      if (!left) chunks.delete(key);
      if (store?.put(key, left ? queue.filter((e) => e.chunk === key).map((e) => e.json) : [])) warn('localStorage');
    }
    if (touched.size && !chunks.size) store?.drop(); // nothing stored: no heartbeat either
  };
  /**
   * Sends events (`data`: their batch, gzip or not) and settles them by the answer: acknowledged
   * or refused leave the queue, anything else (no answer within `requestTimeout` included) is a
   * failed attempt and the backoff goes on. A keepalive request counts against the page's
   * keepalive budget until it settles.
   */
  const transmit = async (events: Queued[], data: string | Uint8Array<ArrayBuffer>, keepalive: boolean) => {
    const bytes = keepalive ? data.length : 0;
    keepaliveBytes += bytes;
    if (keepalive) for (const e of events) keptAlive.add(e);
    const response = await post(url, data, keepalive, requestTimeout);
    keepaliveBytes -= bytes;
    for (const e of events) keptAlive.delete(e);
    const status = response?.status;
    answering = !retryable(status);
    if (!answering) {
      persist(); // what waited for SAVE_DELAY is written now
      const retryAfterMs = response?.retryAfterMs;
      retryAfterUntil = Date.now() + (retryAfterMs ?? 0);
      waitUntil = Date.now() + backoff(attempt++, retryAfterMs, retryBase, retryMax);
    } else {
      if (status! > 299) dropped.rejected += events.filter((e) => !e.done).length;
      attempt = 0;
      remove(events);
    }
  };

  /**
   * Sends batches one at a time until the queue is empty or an attempt fails (then waits for the
   * backoff); after the first, a batch follows at once only when `batchSize` events wait (a
   * backlog) or on flush(), fewer wait for `batchDelay` (a page emitting steadily sends few
   * requests, each costing the page its own work). A batch is every event that fits: gzip (by
   * `CompressionStream`) under `MAX_BODY` from at most `MAX_JSON` of JSON; without `CompressionStream`, JSON under `MAX_BODY`. One event
   * too big for any request goes alone, and the platform refuses it (413).
   */
  const send = async () => {
    for (let batches = 0; sending() && Date.now() >= waitUntil; batches++) {
      if (batches && !flushing && unsent().length < batchSize) break;
      const events = unsent();
      let n = fitting(
        events.map((e) => e.bytes),
        typeof CompressionStream === 'function' ? MAX_JSON : MAX_BODY,
      );
      let data: string | Uint8Array<ArrayBuffer>;
      for (;;) {
        const json = body(events.slice(0, n).map((e) => e.json));
        // "Send now" compresses in this task (a navigation may end the page before an await returns).
        const gzip = urgent ? compressNow(json) : await compress(json);
        data = gzip ?? json;
        // Compressed bigger than a request may be: fewer events, in proportion, with a margin.
        if (!gzip || gzip.length <= MAX_BODY || n === 1) break;
        n = Math.max(1, Math.min(n - 1, Math.floor(((n * MAX_BODY) / gzip.length) * 0.9)));
      }
      if (consent !== 'granted') break; // withdrawn while compressing
      const keepalive = urgent && data.length <= KEEPALIVE_BUDGET - keepaliveBytes;
      urgent = false;
      await transmit(events.slice(0, n), data, keepalive);
    }
  };
  const run = () => {
    timer = clearTimeout(timer) as undefined; // cleared and forgotten
    running ??= send().finally(() => {
      running = undefined;
      flushing = false;
      schedule();
    });
    return running;
  };
  /** Sends at once when `now` or `batchSize` events wait, else after `batchDelay` (0: after this task); never before the backoff ends. */
  const schedule = (now?: boolean) => {
    if (!sending() || running) return;
    const wait = Math.max(waitUntil - Date.now(), now || queue.length >= batchSize ? -1 : batchDelay);
    if (wait < 0) void run();
    else timer ??= setTimeout(run, wait);
  };
  /**
   * Page exit (`pagehide`, or hidden, which may be the last the page sees): every event not
   * already in a keepalive request leaves in keepalive requests, gzip by a synchronous compressor
   * (nothing can be awaited here), within what the keepalive budget has left after the requests
   * in flight; an event in a request still in flight without keepalive goes again (the platform
   * deduplicates). What does not fit stays stored for the next page.
   */
  const leave = () => {
    persist();
    let events = consent === 'granted' ? unsent() : [];
    let budget = KEEPALIVE_BUDGET - keepaliveBytes;
    let n = fitting(
      events.map((e) => e.bytes),
      MAX_JSON,
    );
    while (n) {
      const data = compressNow(body(events.slice(0, n).map((e) => e.json)));
      if (data.length <= budget) {
        budget -= data.length;
        void transmit(events.slice(0, n), data, true).then(() => schedule());
        events = events.slice(n);
        n = fitting(
          events.map((e) => e.bytes),
          MAX_JSON,
        );
      } else n = Math.min(n - 1, Math.floor(((n * budget) / data.length) * 0.95));
    }
  };
  const enqueue = (events: string[]) => {
    for (const json of events) {
      const e: Queued = { json, bytes: utf8Bytes(json) };
      queue.push(e);
      unsaved.push(e);
    }
    const over = queue.length - maxQueue;
    if (over > 0) {
      dropped.overflow += over;
      remove(queue.slice(0, over));
    }
    // Written once after the current task, however many events it queued (no store: nothing written);
    // while the platform acknowledges, after SAVE_DELAY.
    if (answering) saveTimer ??= setTimeout(persist, SAVE_DELAY);
    else if (!_persisting) {
      _persisting = true;
      queueMicrotask(persist);
    }
    schedule();
  };
  /**
   * Takes over what dead pages left. Under the Web Lock `_svcl:<trackingId>` where the browser has
   * Web Locks (secure contexts): the localStorage lock is not atomic across processes, so two tabs
   * starting at the same instant could both adopt one record. A tab finding the Web Lock held
   * skips (the holder adopts; the heartbeat tries again). Elsewhere (plain http) the localStorage
   * lock alone: its remaining race sends a record twice at worst, which the platform deduplicates.
   */
  const adopt = () =>
    // Only with storage: where there is none (an opaque origin) the lock request would reject too.
    store &&
    (navigator.locks
      ? navigator.locks.request(
          '_svcl:' + trackingId,
          { ifAvailable: true },
          (lock) => lock && store && enqueue(store.adopt()),
        )
      : enqueue(store.adopt()));

  /** Consent granted: write the identity, open storage (the events queued meanwhile are written), take over what dead pages left, send. */
  const start = () => {
    domain = domainOption ?? cookieDomain();
    const id = visitorId || randomId();
    const written = writeIdentity(id, domain);
    if (!written) warn('cookies');
    visitorId = written || id;
    store = createStore(trackingId, pageViewId);
    if (!store) warn('localStorage');
    unsaved = queue.slice();
    persist();
    adopt();
    schedule();
  };
  /** Back from the back/forward cache: the queue is what storage holds now (another page may have adopted it meanwhile). */
  const reload = (stored: Store) => {
    queue = [];
    chunks.clear();
    for (const [key, events] of stored.load()) {
      chunks.set(key, events.length);
      for (const json of events) queue.push({ json, bytes: utf8Bytes(json), chunk: key });
    }
    beat();
    schedule();
  };

  // On the window (`visibilitychange` bubbles up from the document); all go with `stop()` through one signal.
  const listening = new AbortController();
  const listeners: Record<string, (event: PageTransitionEvent) => unknown> = {
    // Released: the next page adopts whatever is not acknowledged.
    pagehide: () => {
      leave();
      beat(0);
    },
    pageshow: (e) => e.persisted && store && reload(store),
    visibilitychange: () => document.hidden && leave(),
    online: () => {
      attempt = 0;
      waitUntil = 0;
      schedule(true);
    },
  };
  for (const type in listeners) addEventListener(type, listeners[type] as EventListener, listening);
  // The heartbeat telling other pages this one is alive; adoption of what pages that died left.
  const heartbeat = setInterval(() => {
    beat();
    adopt();
  }, 30_000);

  const tracker: Tracker = {
    get visitorId() {
      return visitorId;
    },
    pageViewId,
    get consentState() {
      return consent;
    },
    get queued() {
      return queue.length;
    },
    dropped,
    emit(type, data) {
      checkEvent(type, data);
      const event: TrackingEvent = {
        meta: {
          id: randomId(),
          type,
          ts: Date.now(),
          visitorId: visitorId!,
          pageViewId,
          seq: ++seq,
          url: location.href,
        },
        data,
      };
      // Serialised now, once: what travels (and is stored) is the data as it was at emit.
      let json: string;
      try {
        json = JSON.stringify(event);
      } catch {
        invalid('data', data, 'must be JSON');
      }
      if (recent.push(event) > HISTORY) recent.shift();
      latest.set(type, event);
      for (const listener of handlers) listener(event);
      if (consent !== 'denied') enqueue([json]);
      return event;
    },
    on(type, handler) {
      checkField('type', type, 'string or RegExp');
      checkField('handler', handler, 'function');
      // A throwing handler must not break `emit`: its error is reported asynchronously.
      const listener: EventHandler = (event) => {
        try {
          if (type instanceof RegExp ? ~event.meta.type.search(type) : type === event.meta.type) handler(event);
        } catch (error) {
          setTimeout(() => {
            throw error;
          });
        }
      };
      // The history as it is now, oldest first.
      [...new Set([...latest.values(), ...recent])].sort((a, b) => a.meta.seq - b.meta.seq).forEach(listener);
      handlers.add(listener);
      return () => handlers.delete(listener);
    },
    // "Send now": our own backoff is skipped, a Retry-After of the platform is not (the backoff is never shorter).
    flush: () => {
      waitUntil = retryAfterUntil;
      urgent = true;
      flushing = true;
      return run();
    },
    consent(state) {
      checkField('state', state, ['granted', 'denied']);
      if (state === consent) return;
      consent = state;
      if (state === 'granted') return start();
      remove(queue);
      store = undefined;
      if (domain !== undefined) removeIdentity(domain);
      visitorId = undefined;
    },
    stop() {
      persist();
      beat(0);
      consent = 'denied';
      clearTimeout(timer);
      clearTimeout(heartbeat); // one list of timers for both (HTML spec)
      listening.abort();
      if (pageTracker() === tracker) setPageTracker(undefined);
    },
  };

  if (consent === 'granted') start();
  else if (consent === 'pending') visitorId = readIdentity() || randomId();
  setPageTracker(tracker);
  return tracker;
}
