// What tests read of the integrations area: runs, pending schedules.
import type { IntegrationsState } from './state';
import type { IntegrationRun, PendingExecution } from './types';

export interface RunFilter {
  trackingId?: string;
  integration?: string;
  status?: IntegrationRun['status'];
}

/** Finished runs (and rate-limit refusals), oldest first, that pass `filter`; copies. */
export function runsWhere(state: IntegrationsState, filter: RunFilter): IntegrationRun[] {
  const passes = (run: IntegrationRun) =>
    (filter.trackingId === undefined || run.trackingId === filter.trackingId) &&
    (filter.integration === undefined || run.integration === filter.integration) &&
    (filter.status === undefined || run.status === filter.status);
  return structuredClone(state.log.runs().filter(passes));
}

/** Schedules waiting for their `runAt`, soonest first, that pass `filter`; copies. */
export function pendingWhere(state: IntegrationsState, filter: Omit<RunFilter, 'status'>): PendingExecution[] {
  const passes = (view: PendingExecution) =>
    (filter.trackingId === undefined || view.trackingId === filter.trackingId) &&
    (filter.integration === undefined || view.integration === filter.integration);
  const views = [...state.pending.values()].map((pending) => pending.view);
  return structuredClone(views.filter(passes).sort((a, b) => a.runAt.localeCompare(b.runAt)));
}
