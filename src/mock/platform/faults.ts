/** The mock's routes, as PROTOCOL.md groups them. Faults are switched per route. */
export type Route = 'recommend' | 'experiences' | 'callback' | 'stash' | 'events' | 'integrations';
export const routes: readonly Route[] = ['recommend', 'experiences', 'callback', 'stash', 'events', 'integrations'];

/** One switched-on failure. Several fields may combine (latency then a status). */
export interface Fault {
  /** Delay before answering, ms. */
  latencyMs?: number;
  /** Answer with this HTTP status and a JSON body `{status, message}`. */
  status?: number;
  /** Answer HTTP 200 with body `{status: bodyStatus, message}` (the stash's way of failing). */
  bodyStatus?: number;
  /** Seconds for a `Retry-After` header (with `status` 429 or 503). */
  retryAfter?: number;
  /** Answer with this raw body instead of JSON (an HTML error page, truncated JSON), with `status` or 200. */
  raw?: string;
  /** Fail at the network level: the request never gets an answer. */
  offline?: boolean;
  /**
   * Apply to this many requests, then switch off. Without it, the fault applies until it is cleared.
   * @default undefined
   */
  times?: number;
}

/** The faults of the mock: per route, what goes wrong until cleared. */
export interface Faults {
  /** Switches a fault on for a route, or for every route with `'*'`. Replaces what was there. */
  set(route: Route | '*', fault: Fault): void;
  /** Switches faults off for a route, or all of them. */
  clear(route?: Route | '*'): void;
  /** The faults now on, per route. */
  list(): Partial<Record<Route, Fault>>;
  /** For handlers: the fault to apply to one request on `route`, counting it against `times`. */
  take(route: Route): Fault | undefined;
}

export function createFaults(): Faults {
  const on = new Map<Route, Fault>();
  return {
    set(route, fault) {
      for (const r of route === '*' ? routes : [route]) on.set(r, { ...fault });
    },
    clear(route = '*') {
      if (route === '*') on.clear();
      else on.delete(route);
    },
    list() {
      return Object.fromEntries(on) as Partial<Record<Route, Fault>>;
    },
    take(route) {
      const fault = on.get(route);
      if (!fault) return undefined;
      if (fault.times !== undefined) {
        fault.times -= 1;
        if (fault.times <= 0) on.delete(route);
      }
      return fault;
    },
  };
}
