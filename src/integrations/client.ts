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

const WHOLE_MS = 'must be a whole number of milliseconds >= 0';

/** A client for the integration `name` of a property. Throws `INVALID_ARGUMENT` for a bad name or options. */
export function createIntegration(name: string, options: IntegrationOptions): Integration {
  const path = `/v1/${segment('options.trackingId', options?.trackingId)}/integrations/${segment('name', name)}/`;
  const { timeout = 0 } = options;
  if (!(Number.isInteger(timeout) && timeout >= 0)) invalid('options.timeout', timeout, WHOLE_MS);

  /** Sends `op` and returns the response once its `field` (and `executionId`, but for cancel) has the type expected. */
  const send = async (op: string, json: JsonObject, field: string, type: string): Promise<JsonObject> => {
    let b: JsonObject;
    try {
      b = await request(endpointFor('integrations', options.endpoint) + path + op, { json, timeout, what: `integration "${name}" ${op}` });
    } catch (error) {
      // 504: the handler did not finish within the integration's own timeout.
      const e = error as SvcError;
      throw e.status === 504 ? new TimeoutError('TIMEOUT', e.message, { status: 504 }) : e;
    }
    if (typeof b[field] != type || (op != 'cancel' && typeof b.executionId != 'string')) throw new ProtocolError('PROTOCOL', `integration "${name}" ${op}: response has no ${type} "${field}"`);
    return b;
  };
  const body = (payload: unknown, o: ExecuteOptions | undefined): JsonObject => {
    try {
      JSON.stringify(payload);
    } catch {
      invalid('payload', payload, 'must be JSON-serialisable');
    }
    return { payload: payload === undefined ? {} : payload, key: checkKey(o?.key === undefined ? {} : o.key, 'options.key') };
  };

  return {
    async execute(payload, o) {
      const { executionId, result } = await send('execute', body(payload, o), 'executionId', 'string');
      return { executionId, result } as Execution<never>;
    },
    async schedule(payload, o = {}) {
      const json = body(payload, o);
      const { delay = 0, window } = o;
      if (!(Number.isSafeInteger(delay) && delay >= 0)) invalid('options.delay', delay, WHOLE_MS);
      json.delay = delay;
      if (window !== undefined) {
        const fault = windowFault(window);
        if (fault) invalid('options.' + fault, fault == 'window' ? window : window[fault.slice(7) as keyof ScheduleWindow], 'must be like {day: "mon-fri", time: "09:00-17:00"}');
        json.window = window;
      }
      const { executionId, runAt } = await send('schedule', json, 'runAt', 'string');
      return { executionId, runAt } as ScheduledExecution;
    },
    async cancel(key) {
      if (!Object.keys(checkKey(key, 'key')).length) invalid('key', key, 'must name at least one value');
      return (await send('cancel', { key }, 'cancelled', 'number')).cancelled as number;
    },
  };
}

function checkKey(key: unknown, argument: string): IntegrationKey {
  if (typeof key != 'object' || !key || Array.isArray(key)) invalid(argument, key, 'must be an object of string or number values');
  for (const [name, value] of Object.entries(key)) {
    if (typeof value != 'string' && !Number.isFinite(value)) invalid(`${argument}.${name}`, value, 'must be a string or a finite number');
  }
  return key as IntegrationKey;
}
