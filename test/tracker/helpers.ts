// The setup every tracker test file shares: trackers started through `start` are stopped after
// each test, and (unless a file prepares the page itself) storage and cookies are cleared before it.
import { afterEach, beforeEach } from 'vitest';
import { createTracker, type Tracker, type TrackerOptions } from '../../src/tracker';
import { clearCookies } from '../support/set-cookie';

/**
 * Waits for the tracker's work in idle time (`whenIdle`: storage opened, what dead pages left
 * adopted), which happy-dom, having no `requestIdleCallback`, runs in a timer of its own.
 */
export const idle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * `start(options)` for a test file: a tracker of `trackingId` with the file's `defaults` and the
 * test's `options`, stopped after the test. `cleanPage: false` leaves the page as the file's own
 * `beforeEach` prepares it.
 */
export function useTrackers(
  trackingId: string,
  defaults: Partial<TrackerOptions> = {},
  { cleanPage = true }: { cleanPage?: boolean } = {},
): (options?: Partial<TrackerOptions>) => Tracker {
  const started: Tracker[] = [];
  if (cleanPage)
    beforeEach(() => {
      localStorage.clear();
      clearCookies();
    });
  afterEach(() => {
    for (const tracker of started.splice(0)) tracker.stop();
  });
  return (options = {}) => {
    const tracker = createTracker({ trackingId, ...defaults, ...options });
    started.push(tracker);
    return tracker;
  };
}
