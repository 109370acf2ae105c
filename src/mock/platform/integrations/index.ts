import type { PlatformContext } from '../context';
import { createIntegration, listIntegrations, removeIntegration, setSecrets, updateIntegration } from './admin';
import { pendingWhere, type RunFilter, runsWhere } from './inspect';
import { cancel, execute } from './routes';
import { listenForTriggers } from './runs';
import { schedule } from './schedules';
import { createState, entryOf, find, type IntegrationsState, infoOf } from './state';
import type { IntegrationDefinition, IntegrationInfo, IntegrationRun, PendingExecution } from './types';

export { INTEGRATION_TIMEOUT } from './checks';
export { RUN_LIMITS } from './limits';

export { nextBoundary, runAt } from './run-at';
export * from './types';

/** `platform.admin.integrations`: what the platform's editor does, server side. */
function adminOf(state: IntegrationsState) {
  return {
    /**
     * Creates an integration; its name is unique within the property and its trigger fixed. Throws a TypeError for a
     * bad definition.
     */
    create: (trackingId: string, definition: IntegrationDefinition): IntegrationInfo =>
      createIntegration(state, trackingId, definition),
    /** Changes description, settings or handler. The trigger is fixed: passing a different one throws. */
    update: (
      trackingId: string,
      name: string,
      changes: Partial<Omit<IntegrationDefinition, 'name' | 'secrets'>>,
    ): IntegrationInfo => updateIntegration(state, trackingId, name, changes),
    /**
     * Sets or replaces secrets (string values). Write-only: nothing returns their values. Resolves the secret names.
     */
    setSecrets: (trackingId: string, name: string, secrets: Record<string, string>): string[] =>
      setSecrets(state, trackingId, name, secrets),
    /** Removes a secret; returns whether it existed. */
    deleteSecret: (trackingId: string, name: string, secret: string): boolean =>
      entryOf(state, trackingId, name).secrets.delete(secret),
    /** The integration (secret names, never values), or undefined. */
    get(trackingId: string, name: string): IntegrationInfo | undefined {
      const entry = find(state, trackingId, name);
      return entry && infoOf(entry);
    },
    /** The integrations of a property, or of every property. */
    list: (trackingId?: string): IntegrationInfo[] => listIntegrations(state, trackingId),
    /** Deletes an integration with its pending schedules and recurrence; returns whether it existed. */
    remove: (trackingId: string, name: string): boolean => removeIntegration(state, trackingId, name),
  };
}

/**
 * The integrations area of the mock platform: a registry per property (`admin`), the execute /
 * schedule / cancel routes (`service`), event, deferkv-delivery and recurring triggers, and the
 * record of every run (`inspect`). All times are platform (UTC) time from `ctx.clock`.
 *
 * This file only wires the parts: state.ts (registry, pending schedules, ids), runs.ts (running a
 * handler, recurrence, bus triggers), routes.ts and schedules.ts (the HTTP routes), admin.ts,
 * checks.ts (definitions and keys), inspect.ts, run-log.ts (the bounded record of runs).
 */
export function createIntegrationsArea(ctx: PlatformContext) {
  const state = createState(ctx.clock);
  listenForTriggers(state, ctx.bus);

  const service = {
    /**
     * POST …/execute `{payload, key}`: runs now; 200 with the result, 429 with `retryAt`, 404, 400, 500 (handler
     * error), 504 (timeout).
     */
    execute: (trackingId: string, name: string, body: unknown) => execute(state, { trackingId, name, body }),
    /**
     * POST …/schedule `{payload, key, delay, window}`: 200 with `runAt`; replaces a pending schedule with the same
     * (non-empty) key.
     */
    schedule: (trackingId: string, name: string, body: unknown) => schedule(state, { trackingId, name, body }),
    /** POST …/cancel `{key}`: removes the pending schedules whose key has all of `key`'s values. */
    cancel: (trackingId: string, name: string, body: unknown) => cancel(state, { trackingId, name, body }),
  };

  const admin = adminOf(state);

  const inspect = {
    /** Finished runs (and rate-limit refusals), oldest first, optionally filtered. */
    runs: (filter: RunFilter = {}): IntegrationRun[] => runsWhere(state, filter),
    /** How many runs were dropped from `runs` over RUN_LIMITS (oldest first). */
    droppedRuns: (): number => state.log.dropped(),
    /** Schedules waiting for their `runAt`, soonest first. */
    pending: (filter: Omit<RunFilter, 'status'> = {}): PendingExecution[] => pendingWhere(state, filter),
    /** The live entries of an integration's cache. */
    cache: (trackingId: string, name: string): Record<string, unknown> =>
      entryOf(state, trackingId, name).cache.entries(),
    /** Resolves once no run is in progress (runs started by the clock or the bus finish asynchronously). */
    async idle(): Promise<void> {
      while (state.inflight.size) await Promise.allSettled([...state.inflight]);
    },
  };

  return { service, admin, inspect };
}

type IntegrationsArea = ReturnType<typeof createIntegrationsArea>;
/** The integrations of the mock: create, update, list and remove them, set their secrets. */
export type IntegrationsAdmin = IntegrationsArea['admin'];
