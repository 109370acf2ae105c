/**
 * @svc/integrations/runner (Node only): run an integration handler on this machine as the
 * editor's test run does. The `svc-integration` command is a thin shell around `runIntegration`.
 */

export { EXIT_CODES } from './exit-codes';
export { REDACTED } from './redact';
export { DEFAULT_MEMORY_LIMIT_MB, LOG_LIMITS, runIntegration } from './run';
export type {
  HttpRequestLog,
  LogKind,
  LogLine,
  RunError,
  RunErrorCode,
  RunOptions,
  RunOutcome,
  RunReport,
} from './types';
