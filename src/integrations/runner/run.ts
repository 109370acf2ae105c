/**
 * runIntegration: one test run of an integration on this machine, as the editor's test run does
 * it: boot (integration.js, package.json, dependencies), the handler in a worker thread of a child
 * process (empty environment) with the
 * sample payload, secrets and cache, every console call and outgoing HTTP request as a log line
 * with secrets replaced, then the result or the exception and a final line with the execution
 * time. The timeout is enforced by terminating the worker.
 *
 * The parts: run-options.ts (the options checked), boot.ts (what loads), run-log.ts (the log and
 * the report), worker-run.ts (the handler in its worker), lines.ts and cache-bridge.ts.
 */
import { bootIntegration } from './boot';
import { createRedactor } from './redact';
import { RunLog } from './run-log';
import { readRunOptions } from './run-options';
import type { RunError, RunOptions, RunReport } from './types';
import { WorkerRun } from './worker-run';

export { DEFAULT_MEMORY_LIMIT_MB, LOG_LIMITS } from './log-limits';
export { DEFAULT_TIMEOUT_MS } from './run-options';

/**
 * Runs the integration in `options.dir` once, as the platform's editor does; resolves a report
 * (outcome, result or error, log lines, HTTP requests). Rejects only for wrong options.
 * @example
 * ```ts
 * const report = await runIntegration({ dir: './integrations/welcome-mail', payload: { email: 'a@shop.example' } });
 * console.log(report.outcome, report.result);
 * ```
 */
export async function runIntegration(options: RunOptions): Promise<RunReport> {
  const run = readRunOptions(options);
  const log = new RunLog(createRedactor(run.secrets), run.onLog);
  const boot = bootIntegration(run.dir);
  if (boot.ok) return new WorkerRun(run, log, boot).result;

  log.emit('boot', `failed: ${boot.message}`);
  const durationMs = log.elapsed();
  log.emit('done', `error at boot (${boot.code}) in ${durationMs} ms`);
  const error: RunError = {
    code: boot.code,
    phase: 'boot',
    name: 'BootError',
    message: log.redact(boot.message),
    stack: log.redact(`BootError: ${boot.message}`),
    ...(boot.missing ? { missing: boot.missing } : {}),
  };
  return log.report({ outcome: 'error', error, durationMs });
}
