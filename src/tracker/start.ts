// The tracker of one page, started from settings already read (options.ts): its parts made and
// wired, the page listened to, the cookies read once and consent begun. `createTracker` starts it
// from the options it checks; the script tag's tracker from the options it checked at evaluation.
import {
  invalid,
  type PageTracker,
  PERMANENT_COOKIE,
  pageTracker,
  randomId,
  readCookies,
  VISITOR_COOKIE,
} from '@svc/core';
import { type EventSource, eventMeta, qaRecord, setPageTracker } from '@svc/core/internal';
import { type ConsentState, createConsent } from './consent';
import { createHistory, type EventHandler } from './history';
import { consentStart, type Settings } from './options';
import { createQueue, type EventQueue } from './queue';
import { checkEvent } from './schema';
import { createSender, type Sender } from './sender';
import { type ConsentSignal, type ConsentSignals, type ConsentSource, followSignals } from './signals';
import type { Consent, TrackingEvent } from './types';

/** The page's tracker, as `createTracker` returns it. */
export interface Tracker extends PageTracker {
  /** The visitor id (`_svcTracker`); `undefined` while consent is denied. */
  readonly visitorId: string | undefined;
  /** Random id of this page load, in every event's `meta.pageViewId`. */
  readonly pageViewId: string;
  /** The consent now in force. */
  readonly consentState: Consent;
  /** What decided it: `manual` (the `consent` option or a `consent()` call), or a signal: `tcf`, `gcm`, `gpp`, `gpc`. */
  readonly consentSource: ConsentSource;
  /**
   * The raw values of the signals followed, as last read: `tcf` (`gdprApplies`, `eventStatus`, the
   * consent to each purpose needed, the vendor's), `gcm` (the `default` and `update` fields read),
   * `gpp` (`signalStatus`, the applicable sections, their opt-out fields, `tcfeuv2`'s reading), `gpc`
   * (`navigator.globalPrivacyControl`). Empty without signals.
   */
  readonly consentSignals: ConsentSignals;
  /** Events waiting for the platform's acknowledgement. */
  readonly queued: number;
  /**
   * Events dropped, by reason: `overflow` (oldest beyond `maxQueue`), `rejected` (refused by the
   * platform: 413, or 400 for an event alone in its batch), `invalid` (read back from storage, left
   * by a dead page or an older version, and not an event the platform accepts).
   */
  readonly dropped: { overflow: number; rejected: number; invalid: number };
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
  /**
   * Grants or withdraws consent. Withdrawing drops the queue and removes the cookies. With a signal
   * followed, the call holds until the signal's next change.
   */
  consent(state: 'granted' | 'denied'): void;
  /** Removes the tracker's listeners and timers; what is queued stays stored, released for the next page to send. */
  stop(): void;
}

/** What the tracker could not use; each is said once on the console. */
const warned = new Set<string>();
const warn = (what: string) => {
  if (warned.has(what)) return;
  warned.add(what);
  console.warn(`svc tracker: no ${what}, in memory only`);
};

/**
 * The page's lifecycle: page exit sends the queue and releases it for the next page (`pagehide`;
 * hidden may be the last the page sees), the back/forward cache brings it back, `online` retries,
 * and a heartbeat every 30 s. On the window (`visibilitychange` bubbles up from the document); all
 * stop with one signal.
 */
function listenToThePage(queue: EventQueue, sender: Sender, signal: AbortSignal): void {
  const listeners: Record<string, (event: PageTransitionEvent) => unknown> = {
    pagehide: () => {
      sender.leave();
      queue.beat(0);
    },
    pageshow: (e) => e.persisted && queue.reload(),
    visibilitychange: () => document.hidden && sender.leave(),
    online: () => sender.online(),
  };
  for (const type in listeners) addEventListener(type, listeners[type] as EventListener, { signal });
  // The heartbeat telling other pages this one is alive; adoption of what pages that died left.
  const heartbeat = setInterval(() => {
    queue.beat();
    queue.adopt();
  }, 30_000);
  signal.addEventListener('abort', () => clearInterval(heartbeat));
}

/**
 * The event `emit` makes of `data`: meta added, serialised once (what travels and is stored is `data` as it is now).
 */
function buildEvent(type: string, data: Record<string, unknown>, source: Omit<EventSource, 'type'>) {
  checkEvent(type, data);
  const event: TrackingEvent = { meta: eventMeta({ type, ...source }), data };
  try {
    return { event, json: JSON.stringify(event) };
  } catch {
    return invalid('data', data, 'must be JSON');
  }
}

/** Follows the consent signals the tracker was given (after `consent.begin()`); their raw values, live. */
function followConsent(
  settings: Settings,
  signals: ConsentSignal[],
  consent: ConsentState,
  abort: AbortSignal,
): ConsentSignals {
  if (!signals.length) return {};
  const tcf = { purposes: settings.tcfPurposes, vendorId: settings.tcfVendorId };
  return followSignals(signals, { tcf, optOut: settings.optOut }, (decision) => consent.follow(decision), abort);
}

/**
 * The parts of one page's tracker, each made from those above it: the queue, consent (which opens
 * the queue's storage), the sender (which sends the queue while consent allows); then the queue and
 * consent are told to wake the sender when there is something to send.
 */
function createParts(settings: Settings, pageViewId: string, dropped: Tracker['dropped']) {
  const queue = createQueue({
    trackingId: settings.trackingId,
    maxQueue: settings.maxQueue,
    dropped,
    warn: () => warn('localStorage'),
  });
  const { initial, signals } = consentStart(settings.consent);
  const consent = createConsent(
    initial,
    {
      trackingId: settings.trackingId,
      pageViewId,
      cookieDomain: settings.cookieDomain,
      queue,
      warn,
      onInvalid: (reason) => {
        dropped.invalid++;
        if (!warned.has('invalid')) console.warn(`svc tracker: a stored event left out (${reason})`);
        warned.add('invalid');
      },
    },
    signals[0],
  );
  const sender: Sender = createSender({ ...settings, queue, dropped, allowed: () => consent.state === 'granted' });
  queue.whenAdded(() => sender.schedule());
  consent.whenGranted(() => sender.schedule());
  return { queue, sender, consent, signals };
}

/** Starts the tracker of this page with `settings` and registers it for the other packages (`pageTracker()`). */
export function startTracker(settings: Settings): Tracker {
  const pageViewId = randomId();
  const dropped = { overflow: 0, rejected: 0, invalid: 0 };
  const history = createHistory();
  const { queue, sender, consent, signals: followed } = createParts(settings, pageViewId, dropped);
  const listening = new AbortController();
  listenToThePage(queue, sender, listening.signal);
  // Read once: for the QA overlay, where the visitor id comes from, before consent writes the cookies.
  const cookies = readCookies();
  qaRecord('visitor', { cookies: [cookies[VISITOR_COOKIE], cookies[PERMANENT_COOKIE]] });
  consent.begin(cookies);
  const signals = followConsent(settings, followed, consent, listening.signal);
  let seq = 0;

  const tracker: Tracker = {
    get visitorId() {
      return consent.visitorId;
    },
    pageViewId,
    get consentState() {
      return consent.state;
    },
    get consentSource() {
      return consent.source;
    },
    consentSignals: signals,
    get mayPersonalize() {
      return consent.personalization;
    },
    get queued() {
      return queue.length;
    },
    dropped,
    emit(type, data) {
      const { event, json } = buildEvent(type, data, { visitorId: consent.visitorId!, pageViewId, seq: seq + 1 });
      seq += 1;
      history.publish(event);
      if (consent.state !== 'denied') queue.add([json]);
      return event;
    },
    on: (type, handler) => history.subscribe(type, handler),
    flush: () => {
      queue.openNow();
      return sender.flush();
    },
    consent: (state) => consent.set(state),
    stop() {
      queue.save();
      queue.beat(0);
      consent.stop();
      sender.stop();
      listening.abort();
      if (pageTracker() === tracker) setPageTracker(undefined);
    },
  };
  setPageTracker(tracker);
  return tracker;
}
