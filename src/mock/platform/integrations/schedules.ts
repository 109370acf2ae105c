import type { ScheduleWindow } from '@svc/integrations/internal';
import { windowFault } from '@svc/integrations/internal';
import { keyId } from './checks';
import { executionOf, type IntegrationAnswer, type IntegrationCall, payloadOf } from './routes';
import { runAt } from './run-at';
import { run } from './runs';
import { cancelWhere, find, type IntegrationsState, iso } from './state';
import type { PendingExecution } from './types';

/** `runAt` must come before this (epoch ms): an ISO 8601 date with a four-digit year, as `runAt` is answered. */
const LAST_RUN_AT = Date.UTC(10_000, 0, 1);

/** The schedule's `delay` (absent is 0) and `window` checked: the time it runs (epoch ms), or the message of a 400. */
function whenOf(state: IntegrationsState, fields: Record<string, unknown>): number | string {
  // Absent is 0; null is as malformed as for `key` and `window`.
  const delay = fields.delay === undefined ? 0 : fields.delay;
  if (typeof delay !== 'number' || !Number.isSafeInteger(delay) || delay < 0)
    return 'delay must be a whole number of milliseconds >= 0';
  const fault = fields.window === undefined ? undefined : windowFault(fields.window);
  if (fault) return `${fault} is malformed: expected {day: "mon-fri", time: "09:00-17:00"}`;
  const earliest = state.clock.now() + delay;
  const when = earliest < LAST_RUN_AT ? runAt(earliest, fields.window as ScheduleWindow | undefined) : LAST_RUN_AT;
  if (when >= LAST_RUN_AT) return `delay must put runAt at or before ${iso(LAST_RUN_AT - 1)}`;
  return when;
}

/**
 * POST …/schedule `{payload, key, delay, window}`: 200 with `runAt`; replaces a pending schedule with the same
 * (non-empty) key.
 */
export async function schedule(state: IntegrationsState, call: IntegrationCall): Promise<IntegrationAnswer> {
  const execution = executionOf(state, call);
  if ('status' in execution) return execution;
  const { fields, key } = execution;
  const { trackingId, name } = call;
  const when = whenOf(state, fields);
  if (typeof when === 'string') return { status: 400, message: when };
  const executionId = state.nextExecutionId();
  // A key identifies the schedule (a new one replaces it); an empty key identifies nothing.
  const id = Object.keys(key).length ? keyId(key) : `#${executionId}`;
  cancelWhere(state, (p) => p.view.trackingId === trackingId && p.view.integration === name && p.keyId === id);
  const payload = payloadOf(fields);
  const view: PendingExecution = {
    executionId,
    trackingId,
    integration: name,
    key: { ...key },
    payload,
    runAt: iso(when),
  };
  const cancel = state.clock.at(when, () => {
    state.pending.delete(executionId);
    const current = find(state, trackingId, name);
    if (current) void run(state, current, 'schedule', payload, key, executionId);
  });
  state.pending.set(executionId, { view, keyId: id, cancel });
  state.clock.tick(); // a runAt already reached (no delay, an open window) runs now, not at the next request
  return { status: 200, executionId, runAt: view.runAt };
}
