/** What the tracker adds to every event (PROTOCOL.md, "Tracking events"). */
export type EventMeta = {
  /** Random UUID v4; the platform deduplicates by it. */
  id: string;
  /** The event type, a row of the event table (`ecView`, `ecProduct`, ...). */
  type: string;
  /** When `emit` was called, epoch ms. */
  ts: number;
  /** The visitor id (`_svcTracker`). */
  visitorId: string;
  /** Random id of this page view, the same for every event of one page load. */
  pageViewId: string;
  /** 1, 2, 3... in the order of `emit` calls within the page view. */
  seq: number;
  /** `location.href` when `emit` was called. */
  url: string;
};

/** One tracking event as it travels: `meta` from the tracker, `data` from the caller. */
export type TrackingEvent = {
  meta: EventMeta;
  data: Record<string, unknown>;
};

/**
 * `granted`: cookies, storage and requests. `pending`: none of them until `consent('granted')`;
 * events are kept in memory meanwhile. `denied`: nothing written, nothing sent.
 */
export type Consent = 'granted' | 'pending' | 'denied';
