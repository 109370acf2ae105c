// @svc/proxy: the platform route, for the shop's own server. Every request of the browser's clients
// goes through the shop's origin (docs/first-party.md).
export * from '@svc/core/errors';
export type { PlatformRouteOptions } from './options';
export { BODY_LIMITS } from './paths';
export { createPlatformRoute, type PlatformRoute } from './route';
