// The QA channel: what the SDK did on this page, kept for the QA overlay (svc-qa.js), which is
// loaded only when someone opens it. A bounded ring of small records (the overlay, opened late,
// still sees the page view and the first recommendations) and the listeners the overlay adds
// while it is open; nothing else. Shared by every bundle on the page through a global symbol, as
// the page's tracker is (tracker-slot.ts).

/** One thing the SDK did: `area` says what (`request`, `event`, `delivery`, `impression`, ...). */
export interface QaRecord {
  area: string;
  /** `Date.now()` when it happened. */
  at: number;
  [field: string]: unknown;
}

/** What the opener in svc.min.js tells the overlay when it opens it. */
export interface OverlaySettings {
  /** The script tag allows pointing this tab at a mock (its `data-qa` lists `mock`). */
  mockAllowed: boolean;
  /** The mock answering this tab, if one does. */
  mock: string | null;
}

/** The channel the overlay reads. */
export interface QaChannel {
  /** The latest records, oldest first, at most `QA_RECORDS`. */
  records: QaRecord[];
  /** Called with each new record: set by the QA panels (the overlay, the demo) while they watch. */
  listener?: (record: QaRecord) => void;
  /** The QA panels' listeners, which `listener` calls: kept by the panels' code (src/qa/live.ts), not the SDK. */
  listeners?: Set<(record: QaRecord) => void>;
  /** Values read when asked: `observed` (elements `observe` watches now). */
  gauges: Record<string, () => number>;
  /** Set by svc-qa.js once loaded: opens the overlay (or brings it forward when open). */
  open?: (settings: OverlaySettings) => void;
}

/** How many records the ring keeps: enough for a page's story, bounded for a long-lived page. */
const QA_RECORDS = 300;

/** The sessionStorage key holding the mock's URL while this tab is answered by a mock. */
export const QA_MOCK_KEY = 'svc-qa-mock';

/**
 * The session cookie (`1`) the mock switch sets beside its sessionStorage key. Where it is absent
 * (every shopper's browser), no copy of core opens sessionStorage to look for the switch: opening
 * a storage area is a call into the browser that costs a page's load several ms.
 */
export const QA_MOCK_COOKIE = 'svc_qa_mock';

const slot = Symbol.for('svc.qa');
type Holder = { [slot]?: QaChannel };

/** The page's channel (created by the first bundle that records). */
export const qaChannel = (): QaChannel => ((globalThis as Holder)[slot] ??= { records: [], gauges: {} });

/** Records what the SDK did; `fields`' values are kept as they are (no copy). */
export function qaRecord(area: string, fields: object): void {
  const channel = qaChannel();
  const record: QaRecord = { ...fields, area, at: Date.now() };
  if (channel.records.push(record) > QA_RECORDS) channel.records.shift();
  channel.listener?.(record);
}
