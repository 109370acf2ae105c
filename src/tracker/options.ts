// The options of createTracker: what each means, its default (in DEFAULTS, which the code reads),
// and how they are checked before anything is written or sent.
import {
  anIntegerAtLeast,
  aString,
  aWait,
  type Connection,
  checkObject,
  connectionUrl,
  type Fields,
  oneOf,
  optional,
  readConnection,
  refuseUnknownKeys,
  type TimeoutRule,
} from '@svc/core';
import { CONSENT_SIGNALS, type ConsentSignal, type OptOutMode } from './signals';
import type { Consent } from './types';

/**
 * The `consent` option: a state the shop's code decides (`granted`, `pending`, `denied`), or the
 * standard signals to follow, each named once, separated by spaces: `tcf`, `gcm`, `gpp`, `gpc`
 * (`'gpp gpc'`: the strictest one wins).
 */
export type ConsentOption = Consent | ConsentSignal | `${ConsentSignal} ${string}`;

/** The TCF purposes a tracker needs consent to, by default (docs/consent.md says why each). */
const TCF_PURPOSES = [1, 5, 6, 8, 9];

/** TCF v2.2 defines Purposes 1 to 11. */
const LAST_TCF_PURPOSE = 11;

/** The default of every optional option of `createTracker`: the values the tracker uses when one is left out. */
export const DEFAULTS = {
  /** `consent`: events are written and sent from the start. */
  consent: 'granted' as ConsentOption,
  /**
   * `optOut`: an opt-out (Global Privacy Control, a US section of GPP) denies, as `consent('denied')`:
   * the laws that give the signal its force speak of sale, sharing and targeted advertising, and
   * the tracker cannot tell which of its events a shop uses for which (docs/consent.md).
   */
  optOut: 'denied' as OptOutMode,
  /** `batchSize`: events queued that make a request leave at once. */
  batchSize: 20,
  /** `batchDelay`: ms an event waits for others to fill a batch. */
  batchDelay: 1000,
  /** `maxQueue`: events kept at most while the platform is unreachable. */
  maxQueue: 1000,
  /** `retryBase`: backoff base, ms. */
  retryBase: 1000,
  /** `retryMax`: longest backoff wait, ms. */
  retryMax: 60_000,
  /** `requestTimeout`: ms after which a request without an answer counts as a failed attempt. */
  requestTimeout: 10_000,
  /**
   * `tcfPurposes`: store and access information on a device (1), personalised content (5, 6: the
   * profile the events build and the recommendations it selects), measurement (8, 9: impressions,
   * clicks and audience statistics).
   */
  tcfPurposes: TCF_PURPOSES as readonly number[],
} as const;

/** Options of `createTracker`; only `trackingId` is required. Each default is in {@link DEFAULTS}. */
export interface TrackerOptions {
  /** The customer property the events belong to. Required: 1-128 characters of `A-Z a-z 0-9 . _ ~ -`. */
  trackingId: string;
  /**
   * Base URL of the events interface. Without it, the `events` of `setEndpoints()`, else
   * `https://events.svc.example`.
   * @default undefined
   */
  endpoint?: string;
  /**
   * `granted`, `pending` (nothing written or sent until `consent('granted')`) or `denied`; or the
   * signals to follow, separated by spaces: `tcf` (IAB TCF v2.2), `gcm` (Google Consent Mode v2),
   * `gpp` (IAB Global Privacy Platform), `gpc` (Global Privacy Control); with several, the strictest
   * wins. A signal starts `pending` (docs/consent.md).
   * @default 'granted'
   */
  consent?: ConsentOption;
  /**
   * What an opt-out by Global Privacy Control or a US section of GPP does: `denied`, exactly as
   * `consent('denied')`; or `personalization-off`, events still sent but recommendations asked
   * without the visitor id.
   * @default 'denied'
   */
  optOut?: OptOutMode;
  /**
   * With `consent: 'tcf'`: the shop's vendor id in the IAB Global Vendor List, whose consent is then
   * required besides the purposes'. Without it, the publisher's own consents are read.
   * @default undefined
   */
  tcfVendorId?: number;
  /**
   * With `consent: 'tcf'`: the TCF purposes (1 to 11) whose consent the tracker needs; Purpose 1 is
   * required whether listed or not.
   * @default [1, 5, 6, 8, 9]
   */
  tcfPurposes?: readonly number[];
  /**
   * Domain attribute of the visitor cookies, e.g. `example.co.uk`; `''` for a host cookie. Without it, the widest
   * domain the browser accepts, probed from the registrable domain down.
   * @default undefined
   */
  cookieDomain?: string;
  /**
   * Events queued that make a request leave at once instead of after `batchDelay`. A request
   * carries every queued event that fits its body (60,000 bytes as sent, gzip where the browser has
   * `CompressionStream`).
   * @default 20
   */
  batchSize?: number;
  /**
   * Milliseconds an event waits for others to fill a batch, from 0 to 2^31-1 (a timer's longest wait).
   * @default 1000
   */
  batchDelay?: number;
  /**
   * Events kept at most while the platform is unreachable; beyond it the oldest are dropped and
   * counted.
   * @default 1000
   */
  maxQueue?: number;
  /**
   * Backoff base, ms: failed attempt k waits a random time in [0, retryBase * 2^k], after
   * Retry-After if sent.
   * @default 1000
   */
  retryBase?: number;
  /** Longest backoff wait, ms. @default 60000 */
  retryMax?: number;
  /**
   * Ms after which a request without an answer is abandoned and counts as a failed attempt (the
   * backoff goes on).
   * @default 10000
   */
  requestTimeout?: number;
}

/** How `createTracker` checks its options, each when given (`trackingId` is a path segment, checked by core). */
const OPTIONS: Fields = [
  [
    'consent',
    optional((value) => ['granted', 'pending', 'denied'].includes(value as string) || isSignalList(value)),
    `must be 'granted', 'pending', 'denied', or signals among ${CONSENT_SIGNALS.join(', ')}, each once, separated by spaces`,
  ],
  ['optOut', optional(oneOf('denied', 'personalization-off'))],
  ['tcfVendorId', optional(anIntegerAtLeast(1))],
  [
    'tcfPurposes',
    optional((value) => Array.isArray(value) && value.length > 0 && value.every(isTcfPurpose)),
    `must be a non-empty array of TCF purposes (integers 1 to ${LAST_TCF_PURPOSE})`,
  ],
  ['cookieDomain', optional(aString)],
  ['batchSize', optional(anIntegerAtLeast(1))],
  ['batchDelay', optional(aWait(0))],
  ['maxQueue', optional(anIntegerAtLeast(1))],
  ['retryBase', optional(anIntegerAtLeast(1))],
  ['retryMax', optional(anIntegerAtLeast(1))],
];

/** `'gpp gpc'`: known signals, each once, separated by single spaces. */
function isSignalList(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const words = value.split(' ');
  return (
    words.every((word) => (CONSENT_SIGNALS as readonly string[]).includes(word)) && new Set(words).size === words.length
  );
}

const isTcfPurpose = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= LAST_TCF_PURPOSE;

/** The options in force: each given one, else its default; the events URL built. */
export type Settings = Required<Omit<TrackerOptions, 'endpoint' | 'cookieDomain' | 'tcfVendorId'>> &
  Pick<TrackerOptions, 'cookieDomain' | 'tcfVendorId'> & {
    /** Where batches are POSTed: `{events endpoint}/events/v1/{trackingId}`. */
    url: string;
  };

/** The consent a tracker starts with (`pending` while signals decide) and the signals it follows. */
export function consentStart(consent: ConsentOption): { initial: Consent; signals: ConsentSignal[] } {
  const signals = consent
    .split(' ')
    .filter((word): word is ConsentSignal => (CONSENT_SIGNALS as readonly string[]).includes(word));
  return { initial: signals.length ? 'pending' : (consent as Consent), signals };
}

/** The connection options, read by core's `readConnection` as every client's are. */
const CONNECTION = ['trackingId', 'endpoint', 'requestTimeout'];

/** How errors name them: the tracker's timeout is `requestTimeout`. */
const NAMES = { trackingId: 'options.trackingId', endpoint: 'options.endpoint', timeout: 'options.requestTimeout' };

/**
 * The tracker's timeout always ends a request: a request without an answer holds the queue's
 * events, which a later attempt sends (0, no timeout, is refused).
 */
const TIMEOUT: TimeoutRule = { default: DEFAULTS.requestTimeout, least: 1 };

/** Checks `options`: `INVALID_ARGUMENT` naming the first bad one, before anything happens. Returns the connection. */
export function checkOptions(options: TrackerOptions): Connection {
  checkObject('options', options, OPTIONS);
  refuseUnknownKeys('options', options, [...CONNECTION, ...OPTIONS.map(([name]) => name)]);
  return readConnection(
    { trackingId: options.trackingId, endpoint: options.endpoint, timeout: options.requestTimeout },
    TIMEOUT,
    NAMES,
  );
}

/** Checks `options` (`checkOptions`) and fills in the defaults (`settingsOf`). */
export function readOptions(options: TrackerOptions): Settings {
  return settingsOf(options, checkOptions(options));
}

/**
 * The settings of `options` that `checkOptions` passed and read as `connection`: each given option, else its
 * default; the events URL built now, from the endpoints in force (`setEndpoints()`, a QA tab's mock).
 */
export function settingsOf(options: TrackerOptions, { trackingId, endpoint, timeout }: Connection): Settings {
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const purposes = (given.tcfPurposes ?? DEFAULTS.tcfPurposes) as readonly number[];
  return {
    ...DEFAULTS,
    ...(given as TrackerOptions),
    requestTimeout: timeout,
    url: connectionUrl('events', { endpoint }, `/events/v1/${trackingId}`),
    // Purpose 1, storing the visitor id on the device, is needed whatever else is.
    tcfPurposes: [...new Set([1, ...purposes])].sort((a, b) => a - b),
  };
}
