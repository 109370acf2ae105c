// @svc/core: what every client shares. One copy on a page (every client depends on it by name),
// so one SvcError class, one transport, one cookie jar.

export { COOKIE_LIFETIME_DAYS, type CookieWrite, readCookie, removeCookie, writeCookie } from './cookies';
export {
  checkEndpoint,
  defaultEndpoints,
  type Endpoints,
  endpointFor,
  isHttpUrl,
  MAX_URL_LENGTH,
  setEndpoints,
} from './endpoints';
export * from './errors';
export { type Delivery, deliver, type JsonObject, type Query, type RequestOptions, request, withQuery } from './http';
export * from './invalid';
export { closestKey, editDistance, PREVIOUS_NAMES, refuseUnknownKeys } from './keys';
export { normalizeLocale, toLocale } from './locale';
export { SEGMENT, segment } from './path';
export { randomId } from './random-id';
export type { DebugRule, RecommendedItem } from './recommendations-wire';
export { DEFAULT_RETRY, type RetryPolicy, retriesOnItsOwn } from './retry';
export { MAX_WAIT_MS, retryAfterMs } from './retry-after';
export {
  fullKeyProblem,
  type StashKeyPart,
  stashKeyPart,
  stashKeyPartProblem,
  VISITOR_MARK,
} from './stash-key';
export * from './status';
export { decodeSegment, escapeRegExp, isObject } from './text';
export { type PageTracker, pageTracker, setPageTracker } from './tracker-slot';
export { PERMANENT_COOKIE, readVisitorId, VISITOR_COOKIE } from './visitor-id';
