// Consent and the visitor's identity: what `granted`, `pending` and `denied` allow, and what
// changes when the visitor grants or withdraws it.
import { type CookieValues, checkFields, type Fields, oneOf, randomId } from '@svc/core';
import { cookieDomain, readIdentity, removeIdentity, writeIdentity } from './identity';
import type { EventQueue } from './queue';
import type { ConsentSource, SignalDecision } from './signals';
import { createStore, type OnInvalid } from './store';
import type { Consent } from './types';

/** `consent()`'s argument: what a visitor can decide (`pending` is only where a tracker starts). */
const CONSENT_ARGUMENT: Fields = [['state', oneOf('granted', 'denied')]];

/** The consent in force and the visitor id it allows. */
export interface ConsentState {
  /** The consent now in force. */
  readonly state: Consent;
  /** What decided it: the shop's code (`manual`) or a signal. */
  readonly source: ConsentSource;
  /** Whether recommendations may use the visitor id: a signal may allow storage but not personalization. */
  readonly personalization: boolean;
  /** The visitor id of the cookies; a page-only one while pending; `undefined` while denied. */
  readonly visitorId: string | undefined;
  /**
   * Acts on the initial consent (once, when the tracker is ready to send), with the page's cookies as the tracker read
   * them at its start (by default, read now).
   */
  begin(cookies?: CookieValues): void;
  /**
   * Grants or withdraws consent from the shop's code (`INVALID_ARGUMENT` for anything else), over any signal until it
   * changes.
   */
  set(state: 'granted' | 'denied'): void;
  /** Applies what the signals followed decided, as `set` would. */
  follow(decision: SignalDecision): void;
  /** Stops everything consent allows: nothing is written or sent any more. */
  stop(): void;
  /** Calls `listener` once consent is granted and storage open: what waits may be sent (one listener). */
  whenGranted(listener: () => void): void;
}

/** What consent acts on. */
export interface ConsentContext {
  trackingId: string;
  pageViewId: string;
  /** `options.cookieDomain`; `undefined`: probed. */
  cookieDomain: string | undefined;
  queue: EventQueue;
  /** Says once on the console what the tracker could not use. */
  warn: (what: 'cookies' | 'localStorage') => void;
  /** Told of each event read back from storage that the platform would refuse (left out), with the reason. */
  onInvalid: OnInvalid;
}

/**
 * The visitor's identity as consent allows it: `grant` writes it (cookies), has storage opened in
 * idle time (where what dead pages left is taken over), then calls `whenGranted`; `withdraw` drops
 * the queue and the visitor's cookies (an earlier visit's too); `pending` keeps a visitor id read
 * from the cookies, or a page-only one, writing nothing. Each reads the page's cookies now unless
 * given them.
 */
function createIdentity(context: ConsentContext) {
  let domain: string | undefined;
  const identity = {
    visitorId: undefined as string | undefined,
    whenGranted: () => {},
    grant(cookies?: CookieValues) {
      domain = context.cookieDomain ?? cookieDomain();
      const id = identity.visitorId || randomId();
      const written = writeIdentity(id, domain, cookies);
      if (!written) context.warn('cookies');
      identity.visitorId = written || id;
      context.queue.openWhenIdle(() => {
        const store = createStore(context.trackingId, context.pageViewId, context.onInvalid);
        if (!store) context.warn('localStorage');
        return store;
      });
      identity.whenGranted();
    },
    withdraw(cookies?: CookieValues) {
      context.queue.clear();
      // The visitor's cookies go whoever wrote them, this page or an earlier visit granted: the
      // domain is probed (a cookie written and removed at once) only when one is there to remove.
      if (domain === undefined && readIdentity(cookies)) domain = context.cookieDomain ?? cookieDomain();
      if (domain !== undefined) removeIdentity(domain);
      identity.visitorId = undefined;
    },
    pending(cookies?: CookieValues) {
      identity.visitorId = readIdentity(cookies) || randomId();
    },
  };
  return identity;
}

/**
 * Consent as `initial` says, from `begin()`: `granted` writes the identity, opens storage (the events queued
 * meanwhile are written), takes over what dead pages left and sends; `pending` keeps events in
 * memory under a visitor id read from the cookies (or a page-only one), writing nothing;
 * `denied` writes and sends nothing, and removes the visitor's cookies an earlier visit left.
 */
export function createConsent(
  initial: Consent,
  context: ConsentContext,
  initialSource: ConsentSource = 'manual',
): ConsentState {
  let state = initial;
  let source = initialSource;
  let personalization = initialSource === 'manual';
  const identity = createIdentity(context);

  const change = (next: Consent) => {
    if (next === state) return;
    const previous = state;
    state = next;
    if (next === 'granted') identity.grant();
    else if (next === 'denied') identity.withdraw();
    // Undecided again (one of two signals granted, the other not yet): a page-only id, nothing written.
    else if (previous === 'denied') identity.pending();
  };

  return {
    get state() {
      return state;
    },
    get source() {
      return source;
    },
    get personalization() {
      return personalization && state !== 'denied';
    },
    get visitorId() {
      return identity.visitorId;
    },
    begin(cookies) {
      if (state === 'granted') identity.grant(cookies);
      else if (state === 'pending') identity.pending(cookies);
      else identity.withdraw(cookies);
    },
    set(next) {
      checkFields({ state: next }, '', CONSENT_ARGUMENT);
      source = 'manual';
      personalization = next === 'granted';
      change(next);
    },
    follow(decision) {
      source = decision.source;
      personalization = decision.personalization;
      change(decision.state);
    },
    stop() {
      state = 'denied';
    },
    whenGranted(listener) {
      identity.whenGranted = listener;
    },
  };
}
