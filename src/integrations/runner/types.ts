import type { IntegrationCache } from '../cache';

/** How a run ended. */
export type RunOutcome = 'ok' | 'error' | 'timeout';

/**
 * What a log line is, in the order a run prints them: `boot`, the handler's console output
 * (`debug` `info` `log` `warn` `error`, plus raw `stdout` / `stderr` writes), one `http` line per
 * outgoing request, then `result` (the return value as JSON) or `exception` (the stack),
 * and `done` (outcome and execution time) last.
 */
export type LogKind =
  | 'boot'
  | 'debug'
  | 'info'
  | 'log'
  | 'warn'
  | 'error'
  | 'stdout'
  | 'stderr'
  | 'http'
  | 'result'
  | 'exception'
  | 'done';

/** One outgoing HTTP request (secrets in the URL already replaced). */
export interface HttpRequestLog {
  method: string;
  url: string;
  /** Response status code, once the response headers arrived. */
  status?: number;
  /** Why it failed (`fetch failed (ECONNREFUSED)`), when it did. */
  error?: string;
  /** True when it had no answer yet as the run ended (the usual cause of a timeout). */
  pending: boolean;
  /** Milliseconds from the request to its response / failure / the end of the run. */
  durationMs: number;
}

/** One line of a run's log. */
export interface LogLine {
  /** What the line is. */
  kind: LogKind;
  /** The line as printed, every secret value replaced with `[secret]`; may span lines (stacks). */
  text: string;
  /** Milliseconds since the run started. */
  at: number;
  /** On `http` lines: the request. */
  request?: HttpRequestLog;
}

/**
 * Stable codes of failed runs. Boot (nothing of the handler ran): `NO_INTEGRATION_FILE`,
 * `INVALID_PACKAGE_JSON`, `MISSING_DEPENDENCY`, `LOAD_FAILED` (integration.js threw or did not
 * parse while loading), `NO_HANDLER` (it does not export one function). Handler:
 * `HANDLER_THREW`, `NOT_SERIALIZABLE` (the return value is not JSON), `WORKER_EXITED`
 * (the handler called `process.exit`, or its process was signalled), `OUT_OF_MEMORY` (over `RunOptions.memoryLimitMb`),
 * `TIMEOUT`.
 * Runner: `INVALID_MESSAGE` (a message of the worker outside messages.ts: the run ends, exit code 70).
 */
export type RunErrorCode =
  | 'NO_INTEGRATION_FILE'
  | 'INVALID_PACKAGE_JSON'
  | 'MISSING_DEPENDENCY'
  | 'LOAD_FAILED'
  | 'NO_HANDLER'
  | 'HANDLER_THREW'
  | 'NOT_SERIALIZABLE'
  | 'WORKER_EXITED'
  | 'OUT_OF_MEMORY'
  | 'TIMEOUT'
  | 'INVALID_MESSAGE';

/** Why a run failed (message and stack with secrets replaced). */
export interface RunError {
  code: RunErrorCode;
  /** `boot`: the handler was never called; `handler`: it was. */
  phase: 'boot' | 'handler';
  name: string;
  message: string;
  stack: string;
  /** `MISSING_DEPENDENCY`: the missing packages as `name@range`. */
  missing?: string[];
}

/** Options of `runIntegration`; only `dir` is required. */
export interface RunOptions {
  /** The integration's folder: `integration.js` and its `package.json` (with `node_modules`). Required. */
  dir: string;
  /** The sample payload the handler is called with (any JSON value). @default {} */
  payload?: unknown;
  /** Secrets injected as the handler's `secrets` (string values); redacted from every log line. @default {} */
  secrets?: Record<string, string>;
  /**
   * Milliseconds the handler may run before it is stopped (the worker is terminated). Loading
   * integration.js has its own budget: the same, but at least 5000 ms. Without it,
   * 30000 ms apply, a choice of the runner's: the platform's default is not published.
   * @default 30000
   */
  timeout?: number;
  /**
   * MB the handler may use, 16 to 65536: its heap (the worker's `resourceLimits.maxOldGenerationSizeMb`)
   * and what its process's resident set grows by outside that heap while it runs (buffers, typed
   * arrays, nested workers; measured every `MEMORY_CHECK_MS`). Over either, the run fails with `OUT_OF_MEMORY`
   * (exit code 1). Without it, `DEFAULT_MEMORY_LIMIT_MB` applies.
   * @default 128
   */
  memoryLimitMb?: number;
  /** Called with every log line as it happens (the CLI prints them). @default undefined */
  onLog?: (line: LogLine) => void;
  /**
   * The handler's `cache`. Without it, each integration folder has one `createCache()` for the life of the process,
   * so consecutive runs of the same folder see what earlier runs stored.
   * @default undefined
   */
  cache?: IntegrationCache;
}

/** What `runIntegration` resolves to; it never rejects for a failure of the handler. */
export interface RunReport {
  /** How the run ended. */
  outcome: RunOutcome;
  /**
   * `ok`: the handler's return value as the platform returns it (through JSON; `undefined` when none).
   * Not redacted: it is the caller's data (its `result` log line is).
   */
  result?: unknown;
  /** `error` / `timeout`: what went wrong. */
  error?: RunError;
  /** Every log line of the run, the `done` line last. */
  logs: LogLine[];
  /** Every outgoing HTTP request, in the order they were made. */
  requests: HttpRequestLog[];
  /**
   * The handler's output left out of `logs` over `LOG_LIMITS.totalCharacters`: console calls and
   * lines written (a write without a newline counts its characters only).
   */
  dropped: { lines: number; characters: number };
  /** Execution time of the handler (of the boot when it never ran), in milliseconds. */
  durationMs: number;
  /** What the `svc-integration` command exits with for this run (see `EXIT_CODES`). */
  exitCode: number;
}
