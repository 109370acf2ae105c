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
  return { id: randomId(), type, ts: Date.now(), visitorId, pageViewId, seq, url: globalThis.location?.href ?? '' };
}
