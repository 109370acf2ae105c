import { SEGMENT } from '@svc/core';
import { checkEvent, checkShape, META } from '../../../tracker/schema';
import type { TrackingEvent } from '../../../tracker/types';
import type { PlatformContext } from '../context';

/** Largest batch body the platform takes, bytes as received (PROTOCOL.md: 413 over 64 KiB). */
export const MAX_BATCH_BYTES = 65_536;
/** Largest JSON a gzip batch may decompress to, bytes (PROTOCOL.md: 413 over 1 MiB, so a small bomb cannot expand without bound). */
export const MAX_DECOMPRESSED_BYTES = 1_048_576;

/**
 * The bytes `body` decompresses to as gzip (the platform's `DecompressionStream`, in Node and
 * browsers alike), reading no further than `limit` bytes: `413` beyond it, `400` when it is not
 * gzip (or is cut short).
 */
async function gunzip(body: Uint8Array<ArrayBuffer>, limit: number): Promise<Uint8Array | 400 | 413> {
  const reader = new Blob([body]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.length;
      if (size > limit) {
        void reader.cancel().catch(() => {});
        return 413;
      }
      chunks.push(read.value);
    }
  } catch {
    return 400;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

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

const zero = (): EventStats => ({ requests: 0, accepted: 0, duplicates: 0, rejected: 0 });

/**
 * The events area of the mock platform: ingests batches (validation against the tracker's event
 * table, size limit, dedupe by `meta.id`), announces each new event on the bus (`event`), and
 * keeps what it received for `inspect`.
 */
export function createEventsArea(ctx: PlatformContext) {
  /** Per tracking id: events by `meta.id`, in arrival order. */
  const held = new Map<string, Map<string, ReceivedEvent>>();
  const stats = new Map<string, EventStats>();
  const statsOf = (trackingId: string) => stats.get(trackingId) ?? stats.set(trackingId, zero()).get(trackingId)!;

  const refuse = (trackingId: string, status: 400 | 413, message: string): IngestResult => {
    statsOf(trackingId).rejected++;
    return { status, body: { status, message } };
  };

  /** The refusal of a batch before its content is read (bad tracking id, too big as received), counted as a request. */
  function precheck(trackingId: string, bytes: number): IngestResult | undefined {
    statsOf(trackingId).requests++;
    if (!SEGMENT.test(trackingId) || trackingId === '.' || trackingId === '..')
      return refuse(trackingId, 400, `trackingId has an invalid value: ${trackingId}`);
    if (bytes > MAX_BATCH_BYTES)
      return refuse(trackingId, 413, `batch of ${bytes} bytes is over the limit of ${MAX_BATCH_BYTES}`);
  }

  /** Takes one batch for `trackingId`: the request body as received (bytes), or as text. */
  function ingest(trackingId: string, body: string | Uint8Array): IngestResult {
    return (
      precheck(trackingId, typeof body === 'string' ? new TextEncoder().encode(body).length : body.length) ??
      accept(trackingId, body)
    );
  }

  /**
   * Takes one batch sent with `?encoding=<encoding>`: `gzip` is decompressed (413 over 64 KiB as
   * received or over 1 MiB decompressed, 400 when the body is not gzip); any other encoding is a 400.
   */
  async function ingestEncoded(
    trackingId: string,
    body: Uint8Array<ArrayBuffer>,
    encoding: string,
  ): Promise<IngestResult> {
    const refused = precheck(trackingId, body.length);
    if (refused) return refused;
    if (encoding !== 'gzip') return refuse(trackingId, 400, `encoding must be gzip (got ${JSON.stringify(encoding)})`);
    const json = await gunzip(body, MAX_DECOMPRESSED_BYTES);
    if (json === 400) return refuse(trackingId, 400, 'body is not gzip (encoding=gzip)');
    if (json === 413)
      return refuse(trackingId, 413, `batch decompresses to over the limit of ${MAX_DECOMPRESSED_BYTES} bytes`);
    return accept(trackingId, json);
  }

  /** Reads, validates and holds a batch whose size was checked. */
  function accept(trackingId: string, body: string | Uint8Array): IngestResult {
    const counts = statsOf(trackingId);
    let text: string;
    try {
      text = typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      return refuse(trackingId, 400, 'body is not UTF-8');
    }
    let batch: { sentAt?: unknown; events?: unknown };
    try {
      batch = JSON.parse(text);
    } catch {
      return refuse(trackingId, 400, 'body is not JSON');
    }
    if (typeof batch !== 'object' || batch === null || !Number.isFinite(batch.sentAt) || !Array.isArray(batch.events)) {
      return refuse(trackingId, 400, 'body must be {"sentAt": <ms>, "events": [...]}');
    }
    const events = batch.events as TrackingEvent[];
    try {
      events.forEach((event, i) => {
        checkShape(`events[${i}]`, event, { meta: META, data: {} });
        checkEvent(event.meta.type, event.data, `events[${i}].meta.type`, `events[${i}].data`);
      });
    } catch (error) {
      return refuse(trackingId, 400, (error as Error).message);
    }
    const byId = held.get(trackingId) ?? held.set(trackingId, new Map()).get(trackingId)!;
    let accepted = 0;
    let duplicates = 0;
    for (const { meta, data } of events) {
      const existing = byId.get(meta.id);
      if (existing) {
        existing.duplicates++;
        duplicates++;
        continue;
      }
      const event = { meta, data };
      byId.set(meta.id, { ...event, duplicates: 0, receivedAt: ctx.clock.now() });
      accepted++;
      ctx.properties.ensure(trackingId);
      ctx.bus.emit('event', { trackingId, event });
    }
    counts.accepted += accepted;
    counts.duplicates += duplicates;
    return { status: 200, body: { status: 200, accepted, duplicates } };
  }

  const received = (trackingId: string): ReceivedEvent[] => [...(held.get(trackingId)?.values() ?? [])];

  return {
    service: {
      /** Takes one batch for `trackingId`: the request body as received (bytes), or as text. */
      ingest,
      /** Takes one batch sent with `?encoding=<encoding>` (`gzip`). */
      ingestEncoded,
    },
    admin: {
      /** Forgets the events received for `trackingId`, or for every tracking id. */
      clear(trackingId?: string) {
        for (const map of [held, stats] as Map<string, unknown>[]) {
          if (trackingId === undefined) map.clear();
          else map.delete(trackingId);
        }
      },
    },
    inspect: {
      /** Events received for `trackingId`, each `meta.id` once, in order of first arrival. */
      received,
      /** The tracking ids that sent batches. */
      trackingIds: (): string[] => [...stats.keys()],
      /** Counters of `trackingId`, or summed over every tracking id. */
      stats(trackingId?: string): EventStats {
        const rows = trackingId === undefined ? [...stats.values()] : [stats.get(trackingId) ?? zero()];
        const sum = zero();
        for (const row of rows) for (const key of Object.keys(sum) as (keyof EventStats)[]) sum[key] += row[key];
        return sum;
      },
      /** Shown, clicked and click-through rate per strategy (`data.strategy`), sorted by strategy. */
      metrics(trackingId: string): StrategyMetrics[] {
        const by = new Map<string, StrategyMetrics>();
        for (const { meta, data } of received(trackingId)) {
          const field =
            meta.type === 'recommendationShown'
              ? 'shown'
              : meta.type === 'recommendationClicked'
                ? 'clicked'
                : undefined;
          if (!field) continue;
          const strategy = String(data.strategy);
          const row =
            by.get(strategy) ??
            by.set(strategy, { strategy, shown: 0, clicked: 0, clickThroughRate: 0 }).get(strategy)!;
          row[field]++;
        }
        const rows = [...by.values()].sort((a, b) => (a.strategy < b.strategy ? -1 : a.strategy > b.strategy ? 1 : 0));
        for (const row of rows) row.clickThroughRate = row.shown ? row.clicked / row.shown : 0;
        return rows;
      },
    },
  };
}
