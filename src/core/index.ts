// @svc/core: what every client shares. One copy on a page (every client depends on it by name),
// so one SvcError class, one transport, one cookie jar.
export * from './errors';
export * from './invalid';
export * from './status';
export { checkEndpoint, defaultEndpoints, endpointFor, isHttpUrl, MAX_URL_LENGTH, setEndpoints, type Endpoints } from './endpoints';
export { readVisitorId, VISITOR_COOKIE, PERMANENT_COOKIE } from './visitor-id';
export { readCookie, writeCookie, removeCookie, COOKIE_LIFETIME_DAYS, type CookieWrite } from './cookies';
export { request, deliver, withQuery, type RequestOptions, type Query, type JsonObject, type Delivery } from './http';
export { retryAfterMs, MAX_WAIT_MS } from './retry-after';
export { segment, SEGMENT } from './path';
export { DEFAULT_RETRY, retriesOnItsOwn, type RetryPolicy } from './retry';
export { pageTracker, setPageTracker, type PageTracker } from './tracker-slot';
export type { RecommendedItem, DebugRule } from './recommendations-wire';
export { toLocale, normalizeLocale } from './locale';
export { editDistance, closestKey, refuseUnknownKeys, PREVIOUS_NAMES } from './keys';
export { escapeRegExp, decodeSegment, isObject } from './text';
export { randomId } from './random-id';
