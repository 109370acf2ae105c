// The execute and cancel routes of PROTOCOL.md (schedule is in schedules.ts), and what they share.
import { isObject } from '@svc/core';
import { describeTrigger, readKey } from './checks';
import { run } from './runs';
import { cancelWhere, type Entry, find, type IntegrationsState, type Key } from './state';

/** What a route answers: the body, whose `status` is also the HTTP status. */
export type IntegrationAnswer =
  | { status: 200; executionId: string; result: unknown }
  | { status: 200; executionId: string; runAt: string }
  | { status: 200; cancelled: number }
  | { status: 429; retryAt: string }
  | { status: 404 }
  | { status: 400; message: string }
  | { status: 500 | 504; executionId: string; message: string };

/** A request to one of the routes: the property, the integration's name and the JSON body. */
export interface IntegrationCall {
  trackingId: string;
  name: string;
  body: unknown;
}

/** The HTTP-triggered integration a route names, or the answer that refuses it. */
function target(state: IntegrationsState, { trackingId, name, body }: IntegrationCall): Entry | IntegrationAnswer {
  const entry = find(state, trackingId, name);
  if (!entry) return { status: 404 };
  if (entry.info.trigger !== 'HTTP')
    return {
      status: 400,
      message: `integration "${name}" is started by ${describeTrigger(entry.info.trigger)}, not HTTP`,
    };
  if (!isObject(body)) return { status: 400, message: 'the body must be a JSON object' };
  return entry;
}

/** Key of an execute / schedule body, or the message of a 400 (also for keys lacking a rate limit's target names). */
function executionKey(entry: Entry, raw: unknown): Key | string {
  const key = readKey(raw, false);
  if (typeof key === 'string') return key;
  const missing = entry.limiter.missing(entry.info.settings.rateLimits, key);
  return missing.length ? `key must carry ${missing.join(', ')} (a rate limit's target)` : key;
}

/** What an execute or schedule request carries once checked: the integration, the body, the key. */
export interface Execution {
  entry: Entry;
  fields: Record<string, unknown>;
  key: Key;
}

/** The integration, body and key of an execute or schedule request, or the answer that refuses it (404, 400). */
export function executionOf(state: IntegrationsState, call: IntegrationCall): Execution | IntegrationAnswer {
  const entry = target(state, call);
  if (!('handler' in entry)) return entry;
  const fields = call.body as Record<string, unknown>;
  const key = executionKey(entry, fields.key);
  if (typeof key === 'string') return { status: 400, message: key };
  return { entry, fields, key };
}

/** The body's `payload`; absent is `{}`. */
export const payloadOf = (body: Record<string, unknown>) => (Object.hasOwn(body, 'payload') ? body.payload : {});

/**
 * POST …/execute `{payload, key}`: runs now; 200 with the result, 429 with `retryAt`, 404, 400, 500 (handler error),
 * 504 (timeout).
 */
export async function execute(state: IntegrationsState, call: IntegrationCall): Promise<IntegrationAnswer> {
  const execution = executionOf(state, call);
  if ('status' in execution) return execution;
  const { entry, fields, key } = execution;
  const done = await run(state, entry, 'execute', payloadOf(fields), key);
  if (done.status === 'ok') return { status: 200, executionId: done.executionId, result: done.result };
  if (done.status === 'rate-limited') return { status: 429, retryAt: done.retryAt as string };
  const timedOut = done.status === 'timeout';
  const message = `integration "${call.name}" ${timedOut ? 'timed out' : 'failed'}: ${done.error}`;
  return { status: timedOut ? 504 : 500, executionId: done.executionId, message };
}

/** POST …/cancel `{key}`: removes the pending schedules whose key has all of `key`'s values. */
export async function cancel(state: IntegrationsState, call: IntegrationCall): Promise<IntegrationAnswer> {
  const entry = target(state, call);
  if (!('handler' in entry)) return entry;
  const { trackingId, name, body } = call;
  const key = readKey((body as Record<string, unknown>).key, true);
  if (typeof key === 'string') return { status: 400, message: key };
  const hasKey = (given: Key) => Object.keys(key).every((n) => Object.hasOwn(given, n) && given[n] === key[n]);
  const cancelled = cancelWhere(
    state,
    ({ view }) => view.trackingId === trackingId && view.integration === name && hasKey(view.key),
  );
  return { status: 200, cancelled };
}
