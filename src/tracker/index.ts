// @svc/tracker: the visitor id, consent, and tracking events that are never lost.
import { readOptions, type TrackerOptions } from './options';
import { startTracker, type Tracker } from './start';

export { setEndpoints } from '@svc/core';

// The errors every client rejects with: one class hierarchy, from @svc/core.
export * from '@svc/core/errors';
export type { EventHandler } from './history';
export { type ConsentOption, DEFAULTS, type TrackerOptions } from './options';
export { checkEvent, EVENT_SCHEMA, PRODUCT } from './schema';
export type { ConsentModeFields, ConsentSignal, ConsentSignals, ConsentSource, OptOutMode } from './signals';
export type { Tracker } from './start';
export type { Consent, EventMeta, TrackingEvent } from './types';

/**
 * Checks `options` (`INVALID_ARGUMENT` naming the first bad one, before anything is read or written), then starts
 * the tracker of this page and registers it for the other packages (`pageTracker()`).
 * @example
 * ```ts
 * const tracker = createTracker({ trackingId: 'demo_shop' });
 * tracker.emit('ecView', { type: 'home', language: 'en', country: 'GB', currency: 'GBP' });
 * ```
 */
export function createTracker(options: TrackerOptions): Tracker {
  return startTracker(readOptions(options));
}
