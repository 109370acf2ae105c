import { endpointFor } from '../core/endpoints';
import { invalid, ProtocolError, TimeoutError, type SvcError } from '../core/errors';
import { request, type JsonObject } from '../core/http';
import { segment } from '../core/path';
import { windowFault, type ScheduleWindow } from './window';

/**
 * An invocation's identity and rate-limit target: named string or number values, for example
 * `{ email: 'a1b2c3' }` or `{ campaign: 'spring', email: 'a1b2c3' }`.
 */
export type IntegrationKey = Record<string, string | number>;

export interface IntegrationOptions {
  /** The property the integration belongs to (a path segment). Required. */
  trackingId: string;
  /** Base URL of the integrations interface. Default: `setEndpoints`' value, else `https://integrations.svc.example`. */
  endpoint?: string;
  /** Milliseconds before a request is aborted with `TIMEOUT`; 0 means none. Default 0. */
  timeout?: number;
}

export interface ExecuteOptions {
  /** Identity of the invocation and its rate-limit target. Default `{}` (no identity). */
  key?: IntegrationKey;
}

export interface ScheduleOptions extends ExecuteOptions {
  /** Whole milliseconds to wait before running. Default 0. */
  delay?: number;
  /** UTC days and clock times the run is allowed in; it runs at the first allowed moment after `delay`. Default: any time. */
  window?: ScheduleWindow;
}

export interface Execution<T = unknown> {
  executionId: string;
  /** What the integration's handler returned. */
  result: T;
}

export interface ScheduledExecution {
  executionId: string;
  /** When it will run: ISO 8601, UTC. */
  runAt: string;
}

export interface Integration {
  /** Runs the integration now; resolves with its handler's result. Rejects `RATE_LIMITED` (with `retryAt`) when a rate limit refuses it. */
  execute<T = unknown>(payload?: unknown, options?: ExecuteOptions): Promise<Execution<T>>;
  /** Runs it later; a pending schedule with the same `key` is replaced. */
  schedule(payload?: unknown, options?: ScheduleOptions): Promise<ScheduledExecution>;
  /** Cancels the pending schedules whose key has all of `key`'s values; resolves how many. */
  cancel(key: IntegrationKey): Promise<number>;
}

/** A client for the integration `name` of a property. Throws `INVALID_ARGUMENT` for a bad name or options. */
export function createIntegration(name: string, options: IntegrationOptions): Integration {
  const path = segment('name', name);
  const tid = segment('options.trackingId', options?.trackingId);
  const { timeout = 0 } = options;
  if (!(Number.isInteger(timeout) && timeout >= 0)) invalid('options.timeout', timeout, 'must be a whole number of milliseconds >= 0');

  const send = async (op: string, json: JsonObject): Promise<JsonObject> => {
    try {
      return await request(`${endpointFor('integrations', options.endpoint)}/v1/${tid}/integrations/${path}/${op}`, {
        json,
        timeout,
        what: `integration "${name}" ${op}`,
      });
    } catch (error) {
      // The handler did not finish within the integration's own timeout.
      const e = error as SvcError;
      throw e.status === 504 ? new TimeoutError('TIMEOUT', e.message, { status: 504 }) : e;
    }
  };
  const body = (payload: unknown, o: ExecuteOptions | undefined) => {
    try {
      JSON.stringify(payload);
    } catch {
      invalid('payload', payload, 'must be JSON-serialisable');
    }
    return { payload: payload === undefined ? {} : payload, key: checkKey(o?.key === undefined ? {} : o.key, 'options.key') };
  };
  const field = (b: JsonObject, f: string, type: string) => {
    if (typeof b[f] !== type) throw new ProtocolError('PROTOCOL', `integration "${name}": response has no ${type} "${f}"`);
    return b[f];
  };

  return {
    async execute(payload, o) {
      const b = await send('execute', body(payload, o));
      return { executionId: field(b, 'executionId', 'string') as string, result: b.result as never };
    },
    async schedule(payload, o = {}) {
      const json: JsonObject = body(payload, o);
      const { delay = 0, window } = o;
      if (!(Number.isSafeInteger(delay) && delay >= 0)) invalid('options.delay', delay, 'must be a whole number of milliseconds >= 0');
      json.delay = delay;
      if (window !== undefined) {
        const fault = windowFault(window);
        if (fault) invalid(`options.${fault}`, fault === 'window' ? window : window[fault.slice(7) as keyof ScheduleWindow], 'must be {day: "mon-fri", time: "09:00-17:00"} (UTC; ranges may wrap)');
        json.window = window;
      }
      const b = await send('schedule', json);
      return { executionId: field(b, 'executionId', 'string') as string, runAt: field(b, 'runAt', 'string') as string };
    },
    async cancel(key) {
      checkKey(key, 'key');
      if (!Object.keys(key).length) invalid('key', key, 'must name at least one value');
      const b = await send('cancel', { key });
      return field(b, 'cancelled', 'number') as number;
    },
  };
}

function checkKey(key: unknown, argument: string): IntegrationKey {
  if (typeof key !== 'object' || !key || Array.isArray(key)) invalid(argument, key, 'must be an object of string or number values');
  for (const [name, value] of Object.entries(key)) {
    if (typeof value !== 'string' && !Number.isFinite(value)) invalid(`${argument}.${name}`, value, 'must be a string or a finite number');
  }
  return key as IntegrationKey;
}
