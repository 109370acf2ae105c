// The `meta` of a tracking event (PROTOCOL.md, "Tracking events"), built in one place for the two
// senders of events: the tracker's queue and the recommendations client's direct POST.
import { randomId } from './random-id';

/** What the sender of an event knows of it: the type, the visitor, the page view and its count. */
export interface EventSource {
  type: string;
  visitorId: string;
  pageViewId: string;
  /** 1, 2, 3... in the order the page view's events were made. */
  seq: number;
}

/**
 * The `meta` of a new event, its fields in PROTOCOL.md's order: a random id, the type, now, the
 * visitor, the page view and its count, the page's URL (empty outside a browser).
 */
export function eventMeta({ type, visitorId, pageViewId, seq }: EventSource) {
  return { id: randomId(), type, ts: Date.now(), visitorId, pageViewId, seq, url: pageUrl() };
}

/** The page's URL as last read, while the Navigation API has told of no change since. */
let knownUrl: string | undefined;
/** Whether the Navigation API tells this module of every change of the page's URL. */
let watching = false;

/**
 * The page's URL now (empty outside a browser). Each `location.href` read is a call into the
 * browser: about a sixth of an event's cost to a page emitting one event per task in the bench
 * (docs/performance.md). Where the Navigation API is, its `currententrychange` tells of every change
 * (pushState, replaceState, a fragment, back and forward) before the call that made it returns,
 * so the URL is read once per change; elsewhere at each event.
 */
function pageUrl(): string {
  if (knownUrl !== undefined) return knownUrl;
  const url = globalThis.location?.href ?? '';
  if (!watching && typeof globalThis.navigation?.addEventListener === 'function') {
    globalThis.navigation.addEventListener('currententrychange', () => {
      knownUrl = undefined;
    });
    watching = true;
  }
  if (watching) knownUrl = url;
  return url;
}
