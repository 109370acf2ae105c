import type { createCache } from '@svc/integrations/internal';
import type { Clock } from '../clock';
import type { createRateLimiter } from './rate-limits';
import { createRunLog, type RunLog } from './run-log';
import type { IntegrationHandler, IntegrationInfo, PendingExecution } from './types';

/** A key of a run or a schedule: names to string or number values. */
export type Key = Record<string, string | number>;

/** One integration of a property, as the area keeps it. */
export interface Entry {
  info: Omit<IntegrationInfo, 'secretNames'>;
  handler: IntegrationHandler;
  secrets: Map<string, string>;
  cache: ReturnType<typeof createCache>;
  limiter: ReturnType<typeof createRateLimiter>;
  stopRecurring?: () => void;
  /** The last run started: runs of one integration go one at a time, in order, so cache updates are deterministic. */
  queue: Promise<unknown>;
}

/** A schedule waiting for its `runAt`. */
export interface Pending {
  view: PendingExecution;
  /** What identifies the schedule: its key (a new schedule with that key replaces it), else its own id. */
  keyId: string;
  cancel: () => void;
}

/** What the files of the integrations area share: the registry, the run log, the pending schedules. */
export interface IntegrationsState {
  clock: Clock;
  /** Integrations by tracking id, then by name. */
  byProperty: Map<string, Map<string, Entry>>;
  log: RunLog;
  /** Schedules by execution id. */
  pending: Map<string, Pending>;
  /** Runs started and not finished (the clock and the bus start runs nobody awaits). */
  inflight: Set<Promise<unknown>>;
  /** A fresh execution id: `ex-1`, `ex-2`, ... */
  nextExecutionId(): string;
}

export function createState(clock: Clock): IntegrationsState {
  let seq = 0;
  return {
    clock,
    byProperty: new Map(),
    log: createRunLog(),
    pending: new Map(),
    inflight: new Set(),
    nextExecutionId: () => {
      seq++;
      return `ex-${seq}`;
    },
  };
}

/** The TypeError of a bad admin call. */
export function fail(message: string): never {
  throw new TypeError(`integrations: ${message}`);
}

/** Epoch milliseconds as an ISO 8601 date. */
export const iso = (ms: number) => new Date(ms).toISOString();

export const find = (state: IntegrationsState, trackingId: string, name: string) =>
  state.byProperty.get(trackingId)?.get(name);

/** The integration, or a TypeError naming it. */
export function entryOf(state: IntegrationsState, trackingId: string, name: string): Entry {
  const entry = find(state, trackingId, name);
  if (!entry) fail(`no integration "${name}" in property "${trackingId}"`);
  return entry;
}

/** What the admin API answers about an integration: secret names, never values; a copy. */
export const infoOf = (entry: Entry): IntegrationInfo =>
  structuredClone({ ...entry.info, secretNames: [...entry.secrets.keys()] });

/** Cancels and forgets the pending schedules that pass `test`; returns how many. */
export function cancelWhere(state: IntegrationsState, test: (pending: Pending) => boolean): number {
  let cancelled = 0;
  for (const [id, pending] of state.pending) {
    if (!test(pending)) continue;
    pending.cancel();
    state.pending.delete(id);
    cancelled++;
  }
  return cancelled;
}
