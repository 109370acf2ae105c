// @svc/integrations: execute, schedule and cancel an integration of the platform.
export { setEndpoints } from '@svc/core';
// The errors every client rejects with: one class hierarchy, from @svc/core.
export * from '@svc/core/errors';
export { createCache, type IntegrationCache } from './cache';
export {
  createIntegration,
  type ExecuteOptions,
  type Execution,
  type Integration,
  type IntegrationKey,
  type IntegrationOptions,
  type ScheduledExecution,
  type ScheduleOptions,
} from './client';
export type { ScheduleWindow } from './window';
