// @svc/integrations: execute, schedule and cancel an integration of the platform.
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
export { setEndpoints } from '../core/endpoints';
export * from '../core/errors';
