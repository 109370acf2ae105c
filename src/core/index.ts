// @svc/core: what every client shares. One copy on a page (every client depends on it by name),
// so one SvcError class, one transport, one cookie jar.

export {
  type Accepts,
  aFiniteNumber,
  anArrayOfStrings,
  anIntegerAtLeast,
  anObjectOfStrings,
  aString,
  aStringOrNumber,
  aWait,
  type Check,
  checkFields,
  checkObject,
  type FieldCheck,
  type Fields,
  listOf,
  oneOf,
  optional,
  refusedField,
} from './checks';
export {
  type Connection,
  type ConnectionNames,
  connectionUrl,
  type GivenConnection,
  OPTIONS_NAMES,
  readConnection,
  readTimeout,
  type TimeoutRule,
} from './client-options';
export {
  COOKIE_LIFETIME_DAYS,
  type CookieValues,
  type CookieWrite,
  readCookie,
  readCookies,
  removeCookie,
  writeCookie,
} from './cookies';
export {
  answeringMock,
  checkEndpoint,
  defaultEndpoints,
  type EndpointSettings,
  type Endpoints,
  endpointFor,
  isHttpUrl,
  platformFor,
  setEndpoints,
  throughPlatform,
} from './endpoints';
export * from './errors';
export { type Delivery, deliver, type JsonObject, type Query, type RequestOptions, request, withQuery } from './http';
export * from './invalid';
export { refuseUnknownKeys } from './keys';
export { normalizeLocale, toLocale } from './locale';
export { segment } from './path';
export { globalPrivacyControl, type RequestHeaders } from './privacy-control';
export { randomId } from './random-id';
export type { DebugRule, RecommendedItem } from './recommendations-wire';
export type { RetryPolicy } from './retry';
export { isObject } from './text';
export { MAX_WAIT_MS } from './timer';
export { type PageTracker, pageTracker } from './tracker-slot';
export { PERMANENT_COOKIE, readVisitorId, VISITOR_COOKIE } from './visitor-id';
