// @svc/integrations: execute, schedule and cancel an integration of the platform.
export { setEndpoints } from '@svc/core';
export {
  createIntegration,
  type Integration,
  type IntegrationOptions,
  type IntegrationKey,
  type ExecuteOptions,
  type ScheduleOptions,
  type Execution,
  type ScheduledExecution,
} from './client';
export type { ScheduleWindow } from './window';
export { createCache, type IntegrationCache } from './cache';
// The errors every client rejects with: one class hierarchy, from @svc/core.
export * from '@svc/core/errors';
