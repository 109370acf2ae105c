// The automatic start of dist/svc.min.js: `<script src=".../svc.min.js" data-tracking-id="shop"
// data-consent="pending" data-cookie-domain="example.co.uk" data-endpoint="https://...">`; with a
// consent banner, `data-consent="tcf"` (`data-tcf-vendor="123"`, `data-tcf-purposes="1,5,6"`),
// `data-consent="gcm"` or `data-consent="tcf gcm"`; with US opt-outs, `data-consent="gpp gpc"`
// (`data-opt-out="personalization-off"`). `data-platform="/svc"` sends every client of the page
// through the shop's platform route (`setEndpoints({ platform })`), `data-endpoint` the events only.
import { setEndpoints } from '@svc/core';
import { setPageTracker } from '@svc/core/internal';
import { checkOptions, settingsOf, type TrackerOptions } from './options';
import { startTracker, type Tracker } from './start';

const dataset =
  typeof document !== 'undefined' ? (document.currentScript as HTMLScriptElement | null)?.dataset : undefined;

/** A tracker that `start` creates at its first use: every member is the started tracker's. */
function startedOnFirstUse(start: () => Tracker): Tracker {
  return {
    get visitorId() {
      return start().visitorId;
    },
    get pageViewId() {
      return start().pageViewId;
    },
    get consentState() {
      return start().consentState;
    },
    get consentSource() {
      return start().consentSource;
    },
    get consentSignals() {
      return start().consentSignals;
    },
    get mayPersonalize() {
      return start().mayPersonalize;
    },
    get queued() {
      return start().queued;
    },
    get dropped() {
      return start().dropped;
    },
    emit: (type, data) => start().emit(type, data),
    on: (type, handler) => start().on(type, handler),
    flush: () => start().flush(),
    consent: (state) => start().consent(state),
    stop: () => start().stop(),
  };
}

/**
 * The tracker of the script tag's `data-tracking-id`, as `window.svc.tracker`; `undefined` without one, or with
 * attributes it refuses (said on the console): its options are checked during the evaluation (no cookie, no storage).
 * It starts (reads and writes the cookies, listens to the page) at its first use, by the page's next script as by the
 * recommendations, or else in a task of its own right after the script's: the task that runs the script tag stays
 * short, and nothing touches `document.cookie` from the evaluation itself. Chromium records where in the page's
 * scripts each access comes from, and V8 then reparses every function on the stack to find it, which there is all
 * of svc.min.js (docs/performance.md).
 */
export let tracker: Tracker | undefined;
// Before any client is created (the tracker's start, the declarative mode, the page's next script).
if (dataset?.platform !== undefined) {
  try {
    setEndpoints({ platform: dataset.platform });
  } catch (error) {
    console.error(error);
  }
}
if (dataset?.trackingId) {
  const { trackingId, consent, optOut, tcfVendor, tcfPurposes, cookieDomain, endpoint } = dataset;
  const options: TrackerOptions = {
    trackingId,
    consent: consent as TrackerOptions['consent'],
    optOut: optOut as TrackerOptions['optOut'],
    tcfVendorId: tcfVendor === undefined ? undefined : Number(tcfVendor),
    tcfPurposes: tcfPurposes?.split(',').map(Number),
    cookieDomain,
    endpoint,
  };
  try {
    const connection = checkOptions(options);
    let started: Tracker | undefined;
    const start = () => {
      started ??= startTracker(settingsOf(options, connection));
      return started;
    };
    tracker = startedOnFirstUse(start);
    // Found by the other packages (`pageTracker()`) before the start too; the start registers the tracker itself.
    setPageTracker(tracker);
    setTimeout(start, 0);
  } catch (error) {
    console.error(error);
  }
}
