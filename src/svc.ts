// The script-tag bundle (dist/svc.min.js): exposed as `window.svc`.

export { defaultEndpoints, readVisitorId, setEndpoints } from '@svc/core';
export * from '@svc/core/errors';
export { createExperiencesClient } from './experiences/client';
export { createIntegration } from './integrations/client';
// First: a tab pointed at a mock (QA) sets the endpoints before the tracker below starts.
export { qa } from './qa/opener';
export { recommendations } from './recommendations';
export { createStash } from './stash';
export { createTracker } from './tracker';
export { tracker } from './tracker/auto';

// Starts the declarative mode (data-svc-item).
import './recommendations/auto';
