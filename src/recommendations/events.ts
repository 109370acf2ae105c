import { endpointFor } from '../core/endpoints';
import { SvcError, type ErrorCode } from '../core/errors';
import { segment } from '../core/path';
import type { PageTracker } from '../core/tracker-slot';

export type RecommendationEvent = 'recommendationShown' | 'recommendationClicked';

/** A UUID v4 from `crypto.getRandomValues`. */
function uuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 15) | 64;
  b[8] = (b[8] & 63) | 128;
  const hex = Array.from(b, (x) => (x + 256).toString(16).slice(1)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Without a tracker this module is the page's event source: one page view id, one sequence.
let pageViewId: string | undefined;
let seq = 0;

const codes: Record<number, ErrorCode> = { 404: 'NOT_FOUND', 429: 'RATE_LIMITED' };

/**
 * POSTs one event to `{events}/events/v1/{trackingId}` in PROTOCOL.md's batch format, as a
 * simple `text/plain` request (no CORS preflight), `keepalive` so it survives navigation.
 * Rejects with an `SvcError`: `NETWORK` without a response, else by HTTP status
 * (404 `NOT_FOUND`, 429 `RATE_LIMITED`, 5xx `SERVER_ERROR`, other `BAD_REQUEST`). Not retried.
 */
export async function postEvent(trackingId: string, visitorId: string, type: RecommendationEvent, data: Record<string, unknown>): Promise<void> {
  const url = `${endpointFor('events')}/events/v1/${segment('trackingId', trackingId)}`;
  const ts = Date.now();
  const meta = { id: uuid(), type, ts, visitorId, pageViewId: (pageViewId ||= uuid()), seq: ++seq, url: globalThis.location?.href ?? '' };
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body: JSON.stringify({ sentAt: ts, events: [{ meta, data }] }), keepalive: true });
  } catch (cause) {
    throw new SvcError('NETWORK', `${type} to ${url}: network failure`, { cause });
  }
  const { status } = response;
  if (!response.ok) throw new SvcError(codes[status] ?? (status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST'), `${type} to ${url}: HTTP ${status}`, { status });
}

/** Where `shown`/`clicked` go: `emitMetric`, else the tracker, else `postEvent`. */
export async function deliver(
  emitMetric: ((type: string, data: Record<string, unknown>) => unknown) | undefined,
  tracker: PageTracker | undefined,
  direct: () => Promise<void>,
  type: RecommendationEvent,
  data: Record<string, unknown>,
): Promise<void> {
  if (emitMetric) await emitMetric(type, data);
  else if (tracker) tracker.emit(type, data);
  else await direct();
}
