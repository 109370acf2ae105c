// Taking a batch: its size as received (and decompressed), its shape against the tracker's event
// table, and each event held once by `meta.id` and announced on the bus.
import { SEGMENT } from '@svc/core/internal';
import { checkWireEvent, type TrackingEvent } from '@svc/tracker/internal';
import { JsonTooDeepError, parseBoundedJson } from '../json-depth';
import { gunzip } from './gunzip';
import { type EventsState, statsOf } from './state';
import type { IngestResult } from './types';

/** Largest batch body the platform takes, bytes as received (PROTOCOL.md: 413 over 64 KiB). */
const MAX_BATCH_BYTES = 65_536;
/**
 * Largest JSON a gzip batch may decompress to, bytes (PROTOCOL.md: 413 over 1 MiB, so a small bomb cannot expand
 * without bound).
 */
const MAX_DECOMPRESSED_BYTES = 1_048_576;

function refuse(state: EventsState, trackingId: string, status: 400 | 413, message: string): IngestResult {
  statsOf(state, trackingId).rejected++;
  return { status, body: { status, message } };
}

/** The refusal of a batch before its content is read (bad tracking id, too big as received), counted as a request. */
function precheck(state: EventsState, trackingId: string, bytes: number): IngestResult | undefined {
  statsOf(state, trackingId).requests++;
  if (!SEGMENT.test(trackingId) || trackingId === '.' || trackingId === '..')
    return refuse(state, trackingId, 400, `trackingId has an invalid value: ${trackingId}`);
  if (bytes > MAX_BATCH_BYTES)
    return refuse(state, trackingId, 413, `batch of ${bytes} bytes is over the limit of ${MAX_BATCH_BYTES}`);
}

/** Takes one batch for `trackingId`: the request body as received (bytes), or as text. */
export function ingest(state: EventsState, trackingId: string, body: string | Uint8Array): IngestResult {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body).length : body.length;
  return precheck(state, trackingId, bytes) ?? accept(state, trackingId, body);
}

/**
 * Takes one batch sent with `?encoding=<encoding>`: `gzip` is decompressed (413 over 64 KiB as
 * received or over 1 MiB decompressed, 400 when the body is not gzip); any other encoding is a 400.
 */
export async function ingestEncoded(
  state: EventsState,
  trackingId: string,
  body: Uint8Array<ArrayBuffer>,
  encoding: string,
): Promise<IngestResult> {
  const refused = precheck(state, trackingId, body.length);
  if (refused) return refused;
  if (encoding !== 'gzip')
    return refuse(state, trackingId, 400, `encoding must be gzip (got ${JSON.stringify(encoding)})`);
  const json = await gunzip(body, MAX_DECOMPRESSED_BYTES);
  if (json === 400) return refuse(state, trackingId, 400, 'body is not gzip (encoding=gzip)');
  if (json === 413)
    return refuse(state, trackingId, 413, `batch decompresses to over the limit of ${MAX_DECOMPRESSED_BYTES} bytes`);
  return accept(state, trackingId, json);
}

/**
 * The events of a batch body, or the message of its 400: UTF-8, JSON, `{sentAt, events}`, each event as the table says.
 */
function readBatch(body: string | Uint8Array): TrackingEvent[] | string {
  let text: string;
  try {
    text = typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return 'body is not UTF-8';
  }
  let batch: { sentAt?: unknown; events?: unknown };
  try {
    batch = parseBoundedJson(text) as typeof batch;
  } catch (error) {
    return error instanceof JsonTooDeepError ? error.message : 'body is not JSON';
  }
  if (typeof batch !== 'object' || batch === null || !Number.isFinite(batch.sentAt) || !Array.isArray(batch.events))
    return 'body must be {"sentAt": <ms>, "events": [...]}';
  const events = batch.events as TrackingEvent[];
  try {
    for (const [i, event] of events.entries()) checkWireEvent(`events[${i}]`, event);
  } catch (error) {
    return (error as Error).message;
  }
  return events;
}

/** Reads, validates and holds a batch whose size was checked. */
function accept(state: EventsState, trackingId: string, body: string | Uint8Array): IngestResult {
  const events = readBatch(body);
  if (typeof events === 'string') return refuse(state, trackingId, 400, events);
  const { ctx, held } = state;
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
  const counts = statsOf(state, trackingId);
  counts.accepted += accepted;
  counts.duplicates += duplicates;
  return { status: 200, body: { status: 200, accepted, duplicates } };
}
