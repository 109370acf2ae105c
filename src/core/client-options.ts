// The one contract of every client's connection options: which property (`trackingId`), which
// platform (`endpoint`), how long to wait (the timeout). Every client reads them here, the same
// way, as Algolia's client-common reads a transporter's hosts and timeouts in one place.
import { aWait } from './checks';
import { answeringMock, checkEndpoint, type Endpoints, endpointFor } from './endpoints';
import { invalid } from './invalid';
import { segment } from './path';

/**
 * A client's timeout: whole milliseconds up to 2^31-1 (a longer timer fires at once, in browsers
 * and in Node). `least` is 0 where a client allows no timeout at all (`0` then means none), 1
 * where something must always end (the tracker's requests hold its queue; a handler's run holds
 * a worker). `default` applies when none is given; each client documents its own.
 */
export interface TimeoutRule {
  default: number;
  least: 0 | 1;
}

/** The argument names a client's errors give its connection options. */
export interface ConnectionNames {
  trackingId: string;
  endpoint: string;
  timeout: string;
}

/** The names of options given as one `options` object: `options.trackingId`, `options.endpoint`, `options.timeout`. */
export const OPTIONS_NAMES: ConnectionNames = {
  trackingId: 'options.trackingId',
  endpoint: 'options.endpoint',
  timeout: 'options.timeout',
};

/** A client's connection options as given. */
export interface GivenConnection {
  trackingId?: unknown;
  endpoint?: unknown;
  timeout?: unknown;
}

/** A client's connection, read once. */
export interface Connection {
  /** The property's tracking id, checked as one path segment. */
  trackingId: string;
  /** The client's own `endpoint`, checked as an http(s) URL; `undefined` when not given. */
  endpoint: string | undefined;
  /** Milliseconds a request may take; 0: no timeout. */
  timeout: number;
}

/** `value` as a timeout of `rule` (its default when `undefined`), else `INVALID_ARGUMENT` naming `argument`. */
export function readTimeout(argument: string, value: unknown, rule: TimeoutRule): number {
  const ms = value === undefined ? rule.default : value;
  const timeout = aWait(rule.least);
  if (!timeout.accepts(ms)) invalid(argument, ms, timeout.expectation);
  return ms as number;
}

/**
 * Reads a client's `trackingId`, `endpoint` and timeout, in that order: the first bad one is
 * refused with `INVALID_ARGUMENT` under its name in `names`, before anything is sent.
 */
export function readConnection(
  options: GivenConnection,
  rule: TimeoutRule,
  names: ConnectionNames = OPTIONS_NAMES,
): Connection {
  const trackingId = segment(names.trackingId, options.trackingId);
  const endpoint = options.endpoint === undefined ? undefined : checkEndpoint(names.endpoint, options.endpoint);
  const timeout = readTimeout(names.timeout, options.timeout, rule);
  return { trackingId, endpoint, timeout };
}

/**
 * The URL of `route` on the interface `name` for `connection`: on a QA tab's mock, else on the
 * client's own endpoint, else on `setEndpoints()`' or the default. Where the client's endpoint is
 * the route's full URL (`endpointIs: 'route'`, recommendations'), the QA mock still answers over it.
 */
export function connectionUrl(
  name: keyof Endpoints,
  connection: Pick<Connection, 'endpoint'>,
  route: string,
  endpointIs: 'base' | 'route' = 'base',
): string {
  const { endpoint } = connection;
  if (endpointIs === 'base') return `${endpointFor(name, endpoint)}${route}`;
  return endpoint && !answeringMock() ? endpoint.replace(/\/+$/, '') : `${endpointFor(name)}${route}`;
}
