// The script-tag bundle (dist/svc.min.js): exposed as `window.svc`.

export { defaultEndpoints, readVisitorId, setEndpoints } from '@svc/core';
export * from '@svc/core/errors';
export { createExperiencesClient } from './experiences/client';
export { createIntegration } from './integrations/client';
// The QA opener: it opens the overlay in a task of its own, after everything here has started, and
// every client reads the mock switch from sessionStorage itself, so its place in this list is free.
export { qa } from './qa/opener';
export { recommendations } from './recommendations';
export { createStash } from './stash';
export { createTracker } from './tracker';
export { tracker } from './tracker/auto';

// Starts the declarative mode (data-svc-item).
import './recommendations/auto';
