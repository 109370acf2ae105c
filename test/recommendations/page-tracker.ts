import { afterEach, beforeEach } from 'vitest';
import { setPageTracker } from '../../src/core/tracker-slot';
import { createTracker, type Tracker } from '../../src/tracker';
import { TID } from './feed';

/**
 * Real @svc/tracker instances for tests in happy-dom: tracking id `TID`, consent granted, host
 * cookies, delivering to @svc/mock's events route (`useMockPlatform`). Each test starts and ends
 * with no cookie, an empty localStorage and no page tracker; its trackers are stopped after it.
 * `start()` creates one (it registers itself as the page's tracker, as on a storefront).
 */
export function useTrackers(): { start(): Tracker } {
  const started: Tracker[] = [];
  const clean = () => {
    for (const t of started.splice(0)) t.stop();
    localStorage.clear();
    for (const name of ['_svcTracker', 'svc_permanent'])
      document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
    setPageTracker(undefined);
  };
  beforeEach(clean);
  afterEach(clean);
  return {
    start() {
      const tracker = createTracker({ trackingId: TID, consent: 'granted', cookieDomain: '' });
      started.push(tracker);
      return tracker;
    },
  };
}

/** The data of an `ecView` event (PROTOCOL.md's event table). */
export const ecView = (language: string, currency: string) => ({ type: 'home', language, country: 'GB', currency });

/** What `tracker` emits of recommendation events from now on, as `[type, data]`, in order. */
export function recommendationEvents(tracker: Tracker): [string, Record<string, unknown>][] {
  const events: [string, Record<string, unknown>][] = [];
  tracker.on(/^recommendation/, ({ meta, data }) => events.push([meta.type, data]));
  return events;
}
