export * from './errors';
export { defaultEndpoints, setEndpoints, endpointFor, type Endpoints } from './endpoints';
export { readVisitorId, VISITOR_COOKIE, PERMANENT_COOKIE } from './visitor-id';
export { request, withQuery, type RequestOptions, type Query, type JsonObject } from './http';
export { segment, SEGMENT } from './path';
export { retry, type RetryOptions } from './retry';
export { pageTracker, setPageTracker, type PageTracker } from './tracker-slot';
export { toLocale, normalizeLocale } from './locale';
export { editDistance, closestKey, refuseUnknownKeys, PREVIOUS_NAMES } from './keys';
