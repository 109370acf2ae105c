// @svc/tracker: the visitor id, consent, and tracking events that are never lost.
import { checkEndpoint, endpointFor, invalid, type PageTracker, pageTracker, refuseUnknownKeys, segment, setPageTracker } from '@svc/core';
import { backoff, batch, KEEPALIVE_BUDGET, MAX_BODY, post, retryable } from './delivery';
import { checkEvent, checkField, checkShape, type Shape } from './schema';
import { randomId } from './id';
import { cookieDomain, readIdentity, removeIdentity, writeIdentity } from './identity';
import { createStore, type Store } from './store';
import type { Consent, TrackingEvent } from './types';
export { setEndpoints } from '@svc/core';

// The errors every client rejects with: one class hierarchy, from @svc/core.
export * from '@svc/core/errors';
export { EVENT_SCHEMA, PRODUCT, checkEvent, type Field, type Shape } from './schema';
export type { Consent, EventMeta, TrackingEvent } from './types';

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
  /** Events per request at most (requests also stay under 64 KiB). Default 20. */
  batchSize?: number;
  /** Milliseconds an event waits for others to fill a batch. Default 1000. */
  batchDelay?: number;
  /** Events kept at most while the platform is unreachable; beyond it the oldest are dropped and counted. Default 1000. */
  maxQueue?: number;
  /** Backoff base, ms: failed attempt k waits a random time in [0, retryBase * 2^k], or Retry-After. Default 1000. */
  retryBase?: number;
  /** Longest backoff wait, ms. Default 60000. */
  retryMax?: number;
}

/** How `createTracker` checks its options (the event table's field codes; `trackingId` is a path segment, checked by core). */
const OPTIONS: Shape = {
  endpoint: 's',
  consent: ['granted', 'pending', 'denied'],
  cookieDomain: 's',
  batchSize: 'i',
  batchDelay: 'u',
  maxQueue: 'i',
  retryBase: 'i',
  retryMax: 'i',
};

export type EventHandler = (event: TrackingEvent) => void;

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
  /** Calls `handler` for this page's earlier events of `type` (a name or a RegExp), then for new ones. Returns an unsubscribe. */
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
const warn = (what: string) => (warned[what] ||= (console.warn(`svc tracker: no ${what}, in memory only`), 1));

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
  } = options;
  if (options.endpoint !== undefined) checkEndpoint('options.endpoint', options.endpoint);
  const url = `${endpointFor('events', options.endpoint)}/events/v1/${segment('options.trackingId', trackingId)}`;

  const pageViewId = randomId();
  const history: TrackingEvent[] = [];
  /** The `on` subscriptions, each a listener that filters by type. */
  const handlers = new Set<EventHandler>();
  const dropped = { overflow: 0, rejected: 0 };
  /** Unacknowledged events as their JSON (serialised once, at `emit`), oldest first. */
  let queue: string[] = [];
  let visitorId: string | undefined;
  let store: Store | undefined;
  let domain: string | undefined;
  let seq = 0;
  let saving = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let attempt = 0;
  let waitUntil = 0;
  /** The part of the wait the platform asked for (Retry-After): flush() waits for it, not for the rest of the backoff. */
  let retryAfterUntil = 0;

  const save = (t?: number) => store?.save(queue, t) && warn('localStorage');
  const sending = () => consent == 'granted' && queue.length;

  /** Sends batches one at a time until the queue is empty or an attempt fails (then waits for the backoff). */
  const send = async () => {
    while (sending() && Date.now() >= waitUntil) {
      const [n, body, bytes] = batch(queue, batchSize, MAX_BODY);
      const events = queue.slice(0, n);
      // No answer (a network error: `post` resolves undefined) is retried like a 5xx. One event too big for a keepalive
      // body goes without keepalive, so that the platform refuses it (413) instead of the
      // browser failing it for ever in front of every event behind it.
      const response = await post(url, body, bytes <= MAX_BODY);
      const status = response?.status;
      if (retryable(status)) {
        const retryAfterMs = response?.retryAfterMs;
        retryAfterUntil = Date.now() + (retryAfterMs ?? 0);
        waitUntil = Date.now() + backoff(attempt++, retryAfterMs, retryBase, retryMax);
      } else {
        if (status! > 299) dropped.rejected += n;
        queue = queue.filter((e) => !events.includes(e));
        attempt = 0;
        save();
      }
    }
  };
  const run = () => {
    timer = clearTimeout(timer) as undefined; // cleared and forgotten
    return (running ??= send().finally(() => {
      running = undefined;
      schedule();
    }));
  };
  /** Sends at once when `now` or a batch is full, else after `batchDelay` (0: after this task); never before the backoff ends. */
  const schedule = (now?: boolean) => {
    if (!sending() || running) return;
    const wait = Math.max(waitUntil - Date.now(), now || queue.length >= batchSize ? -1 : batchDelay);
    if (wait < 0) void run();
    else timer ??= setTimeout(run, wait);
  };
  /**
   * Page exit: the queue leaves in keepalive requests as far as the browser's budget goes (a
   * batch in flight may go twice: the platform deduplicates); the record is released so the next
   * page adopts whatever is not acknowledged.
   */
  const unload = () => {
    let rest = queue;
    let budget = KEEPALIVE_BUDGET;
    while (sending() && rest[0]) {
      const [n, body, bytes] = batch(rest, Infinity, budget);
      if (bytes > budget) break;
      budget -= bytes;
      rest = rest.slice(n);
      post(url, body, true);
    }
    save(0);
  };
  const enqueue = (events: string[]) => {
    queue.push(...events);
    dropped.overflow += queue.splice(0, queue.length - maxQueue).length; // a count < 0 removes none
    // Persisted once after the current task, however many events it emitted (no store: save() does nothing).
    saving ||= (queueMicrotask(() => {
      saving = false;
      save();
    }), true);
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
      ? navigator.locks.request('_svcl:' + trackingId, { ifAvailable: true }, (lock) => lock && store && enqueue(store.adopt()))
      : enqueue(store.adopt()));

  /** Consent granted: write the identity, open storage, take over what dead pages left, send. */
  const start = () => {
    domain = domainOption ?? cookieDomain();
    const id = visitorId || randomId();
    visitorId = writeIdentity(id, domain) || (warn('cookies'), id);
    store = createStore(trackingId, pageViewId);
    if (!store) warn('localStorage');
    adopt();
    schedule();
  };

  // On the window (`visibilitychange` bubbles up from the document); all go with `stop()` through one signal.
  const listening = new AbortController();
  const listeners: Record<string, (event: PageTransitionEvent) => unknown> = {
    pagehide: unload,
    // Back from the back/forward cache: another page may have adopted the queue meanwhile.
    pageshow: (e) => e.persisted && store && ((queue = store.load() ?? []), save(), schedule()),
    visibilitychange: () => document.hidden && schedule(true),
    online: () => ((attempt = waitUntil = 0), schedule(true)),
  };
  for (const type in listeners) addEventListener(type, listeners[type] as EventListener, listening);
  // The heartbeat telling other pages this one is alive; adoption of what pages that died left.
  const heartbeat = setInterval(() => (save(), adopt()), 30_000);

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
        meta: { id: randomId(), type, ts: Date.now(), visitorId: visitorId!, pageViewId, seq: ++seq, url: location.href },
        data,
      };
      // Serialised now, once: what travels (and is stored) is the data as it was at emit.
      let json: string;
      try {
        json = JSON.stringify(event);
      } catch {
        invalid('data', data, 'must be JSON');
      }
      history.push(event);
      handlers.forEach((listener) => listener(event));
      if (consent != 'denied') enqueue([json]);
      return event;
    },
    on(type, handler) {
      checkField('type', type, 'r');
      checkField('handler', handler, 'f');
      // A throwing handler must not break `emit`: its error is reported asynchronously.
      const listener: EventHandler = (event) => {
        try {
          if (type instanceof RegExp ? ~event.meta.type.search(type) : type == event.meta.type) handler(event);
        } catch (error) {
          setTimeout(() => {
            throw error;
          });
        }
      };
      history.forEach(listener); // the events there now (forEach stops at the length it started with)
      handlers.add(listener);
      return () => handlers.delete(listener);
    },
    // "Send now": our own backoff is skipped, a Retry-After of the platform is not (the backoff is never shorter).
    flush: () => {
      waitUntil = retryAfterUntil;
      return run();
    },
    consent(state) {
      checkField('state', state, ['granted', 'denied']);
      if (state == consent) return;
      consent = state;
      if (state == 'granted') return start();
      queue = [];
      save();
      store = undefined;
      if (domain !== undefined) removeIdentity(domain);
      visitorId = undefined;
    },
    stop() {
      save(0);
      consent = 'denied';
      clearTimeout(timer);
      clearTimeout(heartbeat); // one list of timers for both (HTML spec)
      listening.abort();
      if (pageTracker() == tracker) setPageTracker(undefined);
    },
  };

  if (consent == 'granted') start();
  else if (consent == 'pending') visitorId = readIdentity() || randomId();
  setPageTracker(tracker);
  return tracker;
}
