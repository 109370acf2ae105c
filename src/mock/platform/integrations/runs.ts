import type { Bus } from '../bus';
import { nextBoundary } from './run-at';
import { runHandler } from './run-handler';
import { type Entry, find, type IntegrationsState, iso, type Key } from './state';
import type { IntegrationRun, Period } from './types';

/**
 * Starts a run now: limits are judged synchronously, at the current platform time; the handler is
 * called once the integration's previous run finished (runHandler never rejects).
 */
export function run(
  state: IntegrationsState,
  entry: Entry,
  trigger: IntegrationRun['trigger'],
  payload: unknown,
  key: Key,
  executionId = state.nextExecutionId(),
): Promise<IntegrationRun> {
  const { trackingId, name, settings } = entry.info;
  const base = { executionId, trackingId, integration: name, trigger, key: { ...key }, payload, at: state.clock.now() };
  const retryAt = entry.limiter.take(settings.rateLimits, key);
  if (retryAt !== undefined) {
    const refused: IntegrationRun = {
      ...base,
      status: 'rate-limited',
      durationMs: 0,
      logs: [],
      error: 'refused by a rate limit',
      retryAt: iso(retryAt),
    };
    return Promise.resolve(state.log.record(refused));
  }
  const secrets = Object.fromEntries(entry.secrets);
  const done = entry.queue
    .then(() => runHandler(entry.handler, payload, secrets, entry.cache, settings.timeout))
    .then((outcome) => {
      if (outcome.status === 'ok') {
        try {
          outcome.result = JSON.parse(JSON.stringify(outcome.result ?? null));
        } catch {
          Object.assign(outcome, { status: 'error', result: undefined, error: 'the result is not JSON-serialisable' });
        }
      }
      return state.log.record({ ...base, ...outcome });
    });
  entry.queue = done;
  state.inflight.add(done);
  void done.finally(() => state.inflight.delete(done));
  return done;
}

/** Runs `entry` at every boundary of `every` (platform time) until `entry.stopRecurring()`. */
export function startRecurring(state: IntegrationsState, entry: Entry, every: Period): void {
  const { clock } = state;
  const next = () => {
    entry.stopRecurring = clock.at(nextBoundary(clock.now(), every), () => {
      void run(state, entry, 'recurring', { at: iso(clock.now()) }, Object.create(null));
      next();
    });
  };
  next();
}

/**
 * Event-triggered integrations run on each accepted tracking event of their type; HTTP ones on a deferkv delivery to
 * their name.
 */
export function listenForTriggers(state: IntegrationsState, bus: Bus): void {
  bus.on('event', ({ trackingId, event }) => {
    for (const entry of state.byProperty.get(trackingId)?.values() ?? []) {
      const trigger = entry.info.trigger;
      if (trigger !== 'HTTP' && 'event' in trigger && trigger.event === event.meta.type)
        void run(state, entry, 'event', event, Object.create(null));
    }
  });
  bus.on('delivery', ({ trackingId, key, value, route }) => {
    const entry = find(state, trackingId, route);
    if (entry?.info.trigger === 'HTTP') void run(state, entry, 'delivery', { key, value, route }, Object.create(null));
  });
}
