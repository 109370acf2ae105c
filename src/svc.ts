// The script-tag bundle (dist/svc.min.js): exposed as `window.svc`.
export {
  BadRequestError,
  defaultEndpoints,
  InvalidArgumentError,
  isRetryable,
  NetworkError,
  NoRecommendationsError,
  NotFoundError,
  ProtocolError,
  RateLimitedError,
  readVisitorId,
  ServerError,
  setEndpoints,
  SvcError,
  TimeoutError,
} from '@svc/core';
export { createStash } from './stash';
export { createTracker } from './tracker';
export { tracker } from './tracker/auto';
export { createIntegration } from './integrations/client';
export { createExperiencesClient } from './experiences/client';
export { recommendations } from './recommendations';
