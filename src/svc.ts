// The script-tag bundle (dist/svc.min.js): exposed as `window.svc`.

export { defaultEndpoints, readVisitorId, setEndpoints } from '@svc/core';
export * from '@svc/core/errors';
export { createExperiencesClient } from './experiences/client';
export { createIntegration } from './integrations/client';
// The QA opener: it opens the overlay in a task of its own, after everything here has started. Its
// start (a microtask) forgets a mock switch the tag no longer allows before any client reads the switch
// (the tracker's start is later: at its first use, or in a task of its own).
export { qa } from './qa/opener';
export { recommendations } from './recommendations';
export { createStash } from './stash';
export { createTracker } from './tracker';
export { tracker } from './tracker/auto';

// Starts the declarative mode (data-svc-item).
import './recommendations/auto';
