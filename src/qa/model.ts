// What the QA overlay shows, read from the QA channel's records (pure: no DOM, no globals), so
// the overlay and the demo's QA page show the same state the same way.
import { isObject } from '@svc/core';
import type { QaRecord } from '@svc/core/internal';
import { retryable } from '../tracker/retryable';

/** Where an event is on its way to the platform; `withheld`: consent denied, never queued. */
export type DeliveryState = 'queued' | 'sent' | 'acknowledged' | 'retried' | 'dropped' | 'withheld';

/** One tracking event of this page and its delivery. */
interface EventRow {
  id: string;
  type: string;
  data: unknown;
  state: DeliveryState;
  /** Why it was retried or dropped, or the acknowledging status, newest last. */
  reasons: string[];
  at: number;
}

/** The interfaces of the platform, by the paths of PROTOCOL.md. */
export type CallArea = 'recommendations' | 'stash' | 'experiences' | 'integrations' | 'other';

/** One call of a client to the platform, with its answer or error code. */
interface CallRow {
  area: CallArea;
  method: string;
  url: string;
  /** The JSON or text body sent. */
  sent: unknown;
  result?: Record<string, unknown>;
  code?: string;
  ms: number;
  at: number;
}

/** One recommendations `get`: what was asked and what came back. */
interface GetRow extends CallRow {
  strategy: string;
  n: string;
  locale: string;
  /** `id (strategy)` of each item, in order. */
  items: string[];
}

/** What `observe` saw of one item on the page. */
interface ImpressionRow {
  id: string;
  strategy: string;
  position: number;
  /** Waiting (not viewable yet), viewable (counting its second), shown, clicked, removed. */
  state: 'waiting' | 'viewable' | 'shown' | 'clicked' | 'removed';
  shown: boolean;
  clicks: number;
}

/** Everything the panels show, newest first in each list. */
export interface QaState {
  /** Where the visitor id came from: `_svcTracker`, `svc_permanent` or `generated`. */
  visitorSource: string | undefined;
  events: EventRow[];
  gets: GetRow[];
  calls: CallRow[];
  impressions: ImpressionRow[];
}

const AREAS: [RegExp, CallArea][] = [
  [/\/vc\/recommend\//, 'recommendations'],
  [/\/stash\/v[\d.]+\//, 'stash'],
  [/\/v1\/[^/]+\/experiences|\/v1\/callback/, 'experiences'],
  [/\/v1\/[^/]+\/integrations\//, 'integrations'],
];

/** The interface a URL belongs to. */
export const areaOf = (url: string): CallArea => AREAS.find(([path]) => path.test(url))?.[1] ?? 'other';

/** The delivery an answer means: the tracker's own rule (`retryable`) decides retried or final. */
export function answerOf(status: number | undefined): { state: DeliveryState; reason: string } {
  if (status === undefined) return { state: 'retried', reason: 'no answer (network failure or timeout)' };
  if (retryable(status)) return { state: 'retried', reason: `HTTP ${status}` };
  if (status < 300) return { state: 'acknowledged', reason: `HTTP ${status}` };
  return { state: 'dropped', reason: `refused: HTTP ${status}` };
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** An event as the tracker's `on` gives it. */
export interface EmittedEvent {
  meta: { id: string; type: string; ts: number };
  data: unknown;
  /** Seen as it happened with consent denied: the tracker kept it from the queue (unknown for replayed events). */
  withheld?: boolean;
}

/** The events the panel lists: the latest this many, and the latest of each type however old (docs/qa.md). */
export const EVENTS_KEPT = 100;

/** `rows` (newest first) bounded as the panel lists them: the first EVENTS_KEPT, and the first of each other type. */
export function keptEvents<T extends { type: string }>(rows: readonly T[]): T[] {
  const types = new Set<string>();
  return rows.filter((row, index) => {
    const firstOfType = !types.has(row.type);
    types.add(row.type);
    return index < EVENTS_KEPT || firstOfType;
  });
}

/** The events of a `send` or `answer` record, parsed once per record (a render reads the same records again). */
const parsedEvents = new WeakMap<QaRecord, EmittedEvent[]>();
function eventsOf(record: QaRecord): EmittedEvent[] {
  let events = parsedEvents.get(record);
  if (!events) {
    events = (record.events as { json: string }[]).map(({ json }) => JSON.parse(json) as EmittedEvent);
    parsedEvents.set(record, events);
  }
  return events;
}

/**
 * The page's events (as the tracker's `on` replays them) and their delivery, from the records:
 * each batch sent (`send`) and the platform's answer (`answer`), which carry the queued events.
 * Newest first, bounded by `keptEvents`.
 */
function readEvents(emitted: EmittedEvent[], records: QaRecord[]): EventRow[] {
  const rows = new Map<string, EventRow>();
  const add = ({ meta, data, withheld }: EmittedEvent) => {
    const row: EventRow = withheld
      ? { id: meta.id, type: meta.type, data, state: 'withheld', reasons: ['consent denied'], at: meta.ts }
      : { id: meta.id, type: meta.type, data, state: 'queued', reasons: [], at: meta.ts };
    rows.set(row.id, row);
    return row;
  };
  for (const event of emitted) add(event);
  for (const record of records) {
    if (record.area !== 'send' && record.area !== 'answer') continue;
    for (const event of eventsOf(record)) {
      const row = rows.get(event.meta.id) ?? add(event);
      if (record.area === 'send') row.state = 'sent';
      else {
        const { state, reason } = answerOf(record.status as number | undefined);
        row.state = state;
        row.reasons.push(reason);
      }
    }
  }
  return keptEvents([...rows.values()].sort((a, b) => b.at - a.at));
}

/** Reasons as the panel says them: each once, with how many times when it repeats (`HTTP 503 ×3`). */
export function reasonsText(reasons: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => (n > 1 ? `${reason} ×${n}` : reason)).join('; ');
}

/** A call record as a row. */
function callOf(record: QaRecord): CallRow {
  const url = String(record.url);
  return {
    area: areaOf(url),
    method: String(record.method),
    url,
    sent: record.json ?? record.body,
    result: isObject(record.result) ? record.result : undefined,
    code: isObject(record.error) ? text(record.error.code) || text(record.error.name) : undefined,
    ms: record.at - Number(record.started),
    at: record.at,
  };
}

/** A recommendations call as a `get` row: strategy, n and locale of the query, the items of the answer. */
function getOf(call: CallRow): GetRow {
  const query = new URL(call.url).searchParams;
  // The platform's envelope: `{status, result: {items, locale}}`.
  const answer = isObject(call.result?.result) ? call.result.result : {};
  const items = Array.isArray(answer.items) ? answer.items : [];
  return {
    ...call,
    strategy: query.get('strategy') ?? '',
    n: query.get('n') ?? '',
    locale: text(answer.locale) || (query.get('locale') ?? '') || 'from the page',
    items: items.map((item) =>
      isObject(item) ? `${text(item.id)} (${text(item.strategy) || query.get('strategy')})` : '?',
    ),
  };
}

/** What `observe` reported of each item, by item id, strategy and position. */
function readImpressions(records: QaRecord[]): ImpressionRow[] {
  const rows = new Map<string, ImpressionRow>();
  for (const record of records) {
    if (record.area !== 'impression') continue;
    const item = isObject(record.item) ? record.item : {};
    const position = Number(record.position);
    const key = JSON.stringify([item.id, item.strategy, position]);
    let row = rows.get(key);
    if (!row) {
      row = { id: text(item.id), strategy: text(item.strategy), position, state: 'waiting', shown: false, clicks: 0 };
      rows.set(key, row);
    }
    if (record.state === 'viewable') row.state = 'viewable';
    if (record.state === 'not-viewable' || record.state === 'observed') row.state = 'waiting';
    if (record.state === 'shown') row.shown = true;
    if (record.state === 'clicked') row.clicks += 1;
    if (record.state === 'stopped') row.state = 'removed';
    else if (row.clicks) row.state = 'clicked';
    else if (row.shown) row.state = 'shown';
  }
  return [...rows.values()].reverse();
}

/** Where the visitor id came from, by the cookies the tracker found when it started. */
function sourceOf(record: QaRecord | undefined): string | undefined {
  if (!record || !Array.isArray(record.cookies)) return undefined;
  const [tracker, permanent] = record.cookies;
  return tracker ? '_svcTracker cookie' : permanent ? 'svc_permanent cookie' : 'generated on this page';
}

/** The state of the panels from the channel's records (oldest first) and the tracker's events. */
export function readState(records: QaRecord[], emitted: EmittedEvent[] = []): QaState {
  const calls = records.filter((r) => r.area === 'request').map(callOf);
  return {
    visitorSource: sourceOf(records.filter((r) => r.area === 'visitor').pop()),
    events: readEvents(emitted, records),
    gets: calls
      .filter((c) => c.area === 'recommendations')
      .map(getOf)
      .reverse(),
    calls: calls.filter((c) => c.area !== 'recommendations').reverse(),
    impressions: readImpressions(records),
  };
}
