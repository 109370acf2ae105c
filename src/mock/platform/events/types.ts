// The events area's types: what ingest, the state and inspect share. Imports nothing of the area
// back, so the parts can import it without a circle.
import type { TrackingEvent } from '@svc/tracker/internal';

/** An event as the platform holds it: each `meta.id` once, with how often it came again. */
export interface ReceivedEvent extends TrackingEvent {
  /** Deliveries of the same `meta.id` after the first (at-least-once delivery, deduplicated here). */
  duplicates: number;
  /** Platform time of the first delivery, epoch ms. */
  receivedAt: number;
}

/** Counters of one tracking id (or all of them). */
export interface EventStats {
  /** Batches the service answered (faults injected before the service are not counted). */
  requests: number;
  /** Events newly accepted. */
  accepted: number;
  /** Events that were already held (same `meta.id`). */
  duplicates: number;
  /** Batches refused: 400 (malformed) or 413 (too large). */
  rejected: number;
}

/** Recommendation performance of one strategy, from `recommendationShown` / `recommendationClicked`. */
export interface StrategyMetrics {
  strategy: string;
  shown: number;
  clicked: number;
  /** `clicked / shown`, 0 when nothing was shown. */
  clickThroughRate: number;
}

/** What the events service answers: the HTTP status and the JSON body. */
export interface IngestResult {
  status: 200 | 400 | 413;
  body: { status: 200; accepted: number; duplicates: number } | { status: 400 | 413; message: string };
}
