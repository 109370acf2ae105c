import {
  aFiniteNumber,
  aString,
  checkFields,
  connectionUrl,
  type Fields,
  invalid,
  type JsonObject,
  optional,
  ProtocolError,
  readConnection,
  refusedField,
  refuseUnknownKeys,
  request,
  type SvcError,
  segment,
  TimeoutError,
  type TimeoutRule,
} from '@svc/core';
import { DEFAULTS } from './defaults';
import { checkJson } from './json';
import { type ScheduleWindow, windowFault } from './window';

/**
 * An invocation's identity and rate-limit target: named string or number values, for example
 * `{ email: 'a1b2c3' }` or `{ campaign: 'spring', email: 'a1b2c3' }`.
 */
export type IntegrationKey = Record<string, string | number>;

/** Options of `createIntegration`; only `trackingId` is required. */
export interface IntegrationOptions {
  /** The property the integration belongs to (a path segment). Required. */
  trackingId: string;
  /**
   * Base URL of the integrations interface. Without it, the `integrations` of `setEndpoints()`, else
   * `https://integrations.svc.example`.
   * @default undefined
   */
  endpoint?: string;
  /** Milliseconds (0 to 2^31-1) before a request is aborted with `TIMEOUT`; 0 means none. @default 0 */
  timeout?: number;
}

/** Options of `execute`. */
export interface ExecuteOptions {
  /**
   * Identity of the invocation and its rate-limit target. Without it, the invocation has no identity.
   * @default {}
   */
  key?: IntegrationKey;
}

/** Options of `schedule`: `execute`'s, plus when to run. */
export interface ScheduleOptions extends ExecuteOptions {
  /** Whole milliseconds to wait before running. @default 0 */
  delay?: number;
  /**
   * UTC days and clock times the run is allowed in; it runs at the first allowed moment after `delay`. Without it,
   * the run is allowed at any time.
   * @default undefined
   */
  window?: ScheduleWindow;
}

/** What `execute` resolves to. */
export interface Execution<T = unknown> {
  /** The platform's id of this run. */
  executionId: string;
  /** What the integration's handler returned. */
  result: T;
}

/** What `schedule` resolves to. */
export interface ScheduledExecution {
  /** The platform's id of the scheduled run. */
  executionId: string;
  /** When it will run: ISO 8601, UTC. */
  runAt: string;
}

/** The client of one integration, as `createIntegration` returns it. */
export interface Integration {
  /**
   * Runs the integration now; resolves with its handler's result. Rejects `RATE_LIMITED` (with `retryAt`) when a rate
   * limit refuses it.
   */
  execute<T = unknown>(payload?: unknown, options?: ExecuteOptions): Promise<Execution<T>>;
  /** Runs it later; a pending schedule with the same `key` is replaced. */
  schedule(payload?: unknown, options?: ScheduleOptions): Promise<ScheduledExecution>;
  /** Cancels the pending schedules whose key has all of `key`'s values; resolves how many. */
  cancel(key: IntegrationKey): Promise<number>;
}

/** A schedule's `delay`: whole milliseconds >= 0 (days and weeks are fine: the platform waits, not a timer). */
const SCHEDULE_OPTIONS: Fields = [
  [
    'delay',
    optional((value) => Number.isSafeInteger(value) && (value as number) >= 0),
    `must be an integer >= 0, < ${2 ** 53}`,
  ],
];

/** Where one integration's requests go, and how long each may take. */
interface Target {
  /** The integration's name, as given. */
  name: string;
  /** `options.endpoint`; `undefined`: the one `setEndpoints` sets when the request goes. */
  endpoint: string | undefined;
  /** `/v1/{trackingId}/integrations/{name}/`. */
  path: string;
  timeout: number;
}

/** What each operation's answer must hold (PROTOCOL.md, "Integrations"), in core's rows. */
const ANSWERS = {
  execute: [
    ['executionId', aString],
    // The handler's result: any JSON (null too), but present.
    ['result', (value) => value !== undefined, 'is required'],
  ],
  schedule: [
    ['executionId', aString],
    ['runAt', aString],
  ],
  cancel: [['cancelled', aFiniteNumber]],
} satisfies Record<string, Fields>;

/**
 * Sends `op` and answers the response's fields once they are as `ANSWERS` says (`PROTOCOL`
 * naming the first that is not). A 504 is the handler missing the integration's own timeout.
 */
async function send<T>(target: Target, op: keyof typeof ANSWERS, json: JsonObject): Promise<T> {
  const action = `integration "${target.name}" ${op}`;
  const url = connectionUrl('integrations', target, target.path + op);
  const response = await request(url, { json, timeout: target.timeout, action }).catch((error: SvcError) => {
    // This client's own meaning of a status: a 504 is the handler outliving the integration's timeout.
    if (error.status !== 504) throw error;
    throw new TimeoutError(action, "the handler did not settle within the integration's timeout (status 504)", {
      status: 504,
      cause: error,
    });
  });
  const fields = ANSWERS[op];
  const bad = refusedField('response', response, fields);
  if (bad) throw new ProtocolError(action, `invalid ${bad}`);
  return Object.fromEntries(fields.map(([field]) => [field, response[field]])) as T;
}

/**
 * The body of an execute or schedule: `payload` (JSON, `INVALID_ARGUMENT` naming the first part that is not) and `key`.
 */
function executionBody(payload: unknown = {}, key: unknown = {}): JsonObject {
  checkJson('payload', payload);
  return { payload, key: checkKey(key, 'options.key') };
}

/** The body of a schedule: the execution's, `delay` and `window` checked. */
function scheduleBody(payload: unknown, options: ScheduleOptions | undefined): JsonObject {
  refuseUnknownKeys('options', options, ['key', 'delay', 'window']);
  checkFields(options, 'options.', SCHEDULE_OPTIONS);
  const { key, delay = 0, window } = options ?? {};
  const json = { ...executionBody(payload, key), delay, window };
  const fault = window === undefined ? undefined : windowFault(window);
  if (fault !== undefined) {
    const faultyValue = { window, 'window.day': window?.day, 'window.time': window?.time }[fault];
    invalid(`options.${fault}`, faultyValue, 'must be like {day:"mon-fri",time:"09:00-17:00"}');
  }
  return json;
}

/** The client's timeout: none by default (`DEFAULTS.timeout` says why). */
const TIMEOUT: TimeoutRule = { default: DEFAULTS.timeout, least: 0 };

/**
 * A client for the integration `name` of a property. Throws `INVALID_ARGUMENT` for a bad name or options.
 * @example
 * ```ts
 * const welcome = createIntegration('welcome-mail', { trackingId: 'demo_shop' });
 * const { result } = await welcome.execute({ email: 'a@shop.example' });
 * ```
 */
export function createIntegration(name: string, options: IntegrationOptions): Integration {
  const { trackingId, endpoint, timeout } = readConnection({ ...options }, TIMEOUT);
  const path = `/v1/${trackingId}/integrations/${segment('name', name)}/`;
  refuseUnknownKeys('options', options, ['trackingId', 'endpoint', 'timeout']);
  const target: Target = { name, endpoint, path, timeout };

  return {
    async execute(payload, executeOptions) {
      refuseUnknownKeys('options', executeOptions, ['key']);
      const json = executionBody(payload, executeOptions?.key);
      return send<Execution<never>>(target, 'execute', json);
    },
    async schedule(payload, scheduleOptions) {
      const json = scheduleBody(payload, scheduleOptions);
      return send<ScheduledExecution>(target, 'schedule', json);
    },
    async cancel(key) {
      checkKey(key, 'key', 1);
      return (await send<{ cancelled: number }>(target, 'cancel', { key })).cancelled;
    },
  };
}

/**
 * `key` when it is a plain object (from any realm; no Date, Map or class instance, which would not
 * go out as written) of string or finite number values, at least `min` of them.
 */
function checkKey(key: unknown, argument: string, min = 0): IntegrationKey {
  const plain =
    typeof key === 'object' && !!key && Object.getPrototypeOf(Object.getPrototypeOf(key) ?? Object.prototype) === null;
  if (!plain || Object.keys(key as object).length < min)
    invalid(argument, key, `must be a${min ? ' non-empty' : ' plain'} object`);
  for (const [name, value] of Object.entries(key)) {
    if (typeof value !== 'string' && !Number.isFinite(value))
      invalid(`${argument}.${name}`, value, 'must be a string or finite number');
  }
  return key as IntegrationKey;
}
