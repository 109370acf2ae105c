// The options of createTracker: what each means, its default (in DEFAULTS, which the code reads),
// and how they are checked before anything is written or sent.
import {
  anIntegerAtLeast,
  aString,
  checkEndpoint,
  checkObject,
  endpointFor,
  type Fields,
  oneOf,
  optional,
  refuseUnknownKeys,
  segment,
} from '@svc/core';
import type { Consent } from './types';

/** The default of every optional option of `createTracker`: the values the tracker uses when one is left out. */
export const DEFAULTS = {
  /** `consent`: events are written and sent from the start. */
  consent: 'granted' as Consent,
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
} as const;

/** Options of `createTracker`; only `trackingId` is required. Each default is in {@link DEFAULTS}. */
export interface TrackerOptions {
  /** The customer property the events belong to. Required: 1-128 characters of `A-Z a-z 0-9 . _ ~ -`. */
  trackingId: string;
  /** Base URL of the events interface. @default undefined (the `events` of `setEndpoints()`, else `https://events.svc.example`) */
  endpoint?: string;
  /** `granted`, `pending` (nothing written or sent until `consent('granted')`) or `denied`. @default 'granted' */
  consent?: Consent;
  /**
   * Domain attribute of the visitor cookies, e.g. `example.co.uk`; `''` for a host cookie.
   * @default undefined (the widest domain the browser accepts, probed from the registrable domain down)
   */
  cookieDomain?: string;
  /**
   * Events queued that make a request leave at once instead of after `batchDelay`. A request
   * carries every queued event that fits its body (60,000 bytes as sent, gzip where the browser has
   * `CompressionStream`).
   * @default 20
   */
  batchSize?: number;
  /** Milliseconds an event waits for others to fill a batch. @default 1000 */
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
  ['endpoint', optional(aString)],
  ['consent', optional(oneOf('granted', 'pending', 'denied'))],
  ['cookieDomain', optional(aString)],
  ['batchSize', optional(anIntegerAtLeast(1))],
  ['batchDelay', optional(anIntegerAtLeast(0))],
  ['maxQueue', optional(anIntegerAtLeast(1))],
  ['retryBase', optional(anIntegerAtLeast(1))],
  ['retryMax', optional(anIntegerAtLeast(1))],
  ['requestTimeout', optional(anIntegerAtLeast(1))],
];

/** The options in force: each given one, else its default; the events URL built. */
export type Settings = Required<Omit<TrackerOptions, 'endpoint' | 'cookieDomain'>> &
  Pick<TrackerOptions, 'cookieDomain'> & {
    /** Where batches are POSTed: `{events endpoint}/events/v1/{trackingId}`. */
    url: string;
  };

/** Checks `options` (`INVALID_ARGUMENT` naming the first bad one, before anything happens) and fills in the defaults. */
export function readOptions(options: TrackerOptions): Settings {
  checkObject('options', options, OPTIONS);
  refuseUnknownKeys('options', options, ['trackingId', ...OPTIONS.map(([name]) => name)]);
  if (options.endpoint !== undefined) checkEndpoint('options.endpoint', options.endpoint);
  const path = segment('options.trackingId', options.trackingId);
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  return {
    ...DEFAULTS,
    ...(given as TrackerOptions),
    url: `${endpointFor('events', options.endpoint)}/events/v1/${path}`,
  };
}
