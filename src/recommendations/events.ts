import { endpointFor, randomId, request } from '@svc/core';
import { eventMeta } from '@svc/core/internal';

export type RecommendationEvent = 'recommendationShown' | 'recommendationClicked';

// Without a tracker this module is the page's event source: one page view id, one sequence.
let pageViewId: string | undefined;
let seq = 0;

/**
 * POSTs one event to `{events}/events/v1/{trackingId}` (`trackingId` already a validated path
 * segment) in PROTOCOL.md's batch format, as a simple `text/plain` request (no CORS preflight),
 * `keepalive` so it survives navigation. Not retried, not stored. Rejects with core's `SvcError`
 * of the failure: `NETWORK` without a response, else by HTTP status (404 `NOT_FOUND`,
 * 429 `RATE_LIMITED`, 5xx `SERVER_ERROR`, other `BAD_REQUEST`).
 */
export async function postEvent(
  trackingId: string,
  visitorId: string,
  type: RecommendationEvent,
  data: Record<string, unknown>,
): Promise<void> {
  const url = `${endpointFor('events')}/events/v1/${trackingId}`;
  pageViewId ??= randomId();
  seq += 1;
  const meta = eventMeta({ type, visitorId, pageViewId, seq });
  const body = JSON.stringify({ sentAt: meta.ts, events: [{ meta, data }] });
  await request(url, { body, keepalive: true, action: `${type} to ${url}` });
}
