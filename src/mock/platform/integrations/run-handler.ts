import type { IntegrationCache } from '@svc/integrations/internal';
import { createRedactor } from '@svc/integrations/internal';
import { RUN_LIMITS } from './limits';
import type { HandlerConsole, IntegrationHandler, LogLine, RunStatus } from './types';

export interface HandlerOutcome {
  status: Exclude<RunStatus, 'rate-limited'>;
  result?: unknown;
  error?: string;
  logs: LogLine[];
  durationMs: number;
  droppedLogLines?: number;
}

const LEVELS: LogLine['level'][] = ['debug', 'log', 'info', 'warn', 'error'];

const format = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/**
 * Calls `handler` once with `{payload, secrets, cache, console}` and races it against `timeoutMs`
 * (real time). A JavaScript function cannot be killed in the same thread: a handler that does not
 * settle in time is recorded as `timeout` and its eventual result is ignored, but it keeps running
 * (and a synchronous endless loop blocks the platform). The local runner enforces timeouts by
 * terminating a worker instead. Every secret value is replaced by `[secret]` in the log lines and the
 * error message (as written, URL-encoded and JSON-escaped: the runner's `createRedactor`).
 */
export async function runHandler(
  handler: IntegrationHandler,
  payload: unknown,
  secrets: Record<string, string>,
  cache: IntegrationCache,
  timeoutMs: number,
): Promise<HandlerOutcome> {
  const logs: LogLine[] = [];
  // The local runner's redactor: a secret as written, URL-encoded and JSON-escaped.
  const redact = createRedactor(secrets);
  // Bounded (RUN_LIMITS): a handler logging without end, even after its timeout, holds no more.
  const dropped = { lines: 0 };
  let characters = 0;
  const log = (level: LogLine['level'], args: unknown[]) => {
    if (logs.length >= RUN_LIMITS.logLines || characters >= RUN_LIMITS.logCharacters) {
      dropped.lines++;
      return;
    }
    const message = redact(args.map(format).join(' ')).slice(0, RUN_LIMITS.logCharacters - characters);
    characters += message.length;
    logs.push({ level, message });
  };
  const console = Object.fromEntries(
    LEVELS.map((level) => [level, (...args: unknown[]) => log(level, args)]),
  ) as HandlerConsole;
  const droppedLogLines = () => (dropped.lines ? { droppedLogLines: dropped.lines } : {});
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const run = Promise.resolve().then(() =>
      handler({ payload: structuredClone(payload), secrets: Object.freeze({ ...secrets }), cache, console }),
    );
    const outcome = await Promise.race([run.then((result) => ({ result })), timedOut]);
    const durationMs = performance.now() - started;
    if (outcome === 'timeout')
      return {
        status: 'timeout',
        error: `no result within ${timeoutMs} ms`,
        logs: logs.slice(),
        durationMs,
        ...droppedLogLines(),
      };
    return { status: 'ok', result: outcome.result, logs, durationMs, ...droppedLogLines() };
  } catch (error) {
    const message = redact(error instanceof Error ? error.message : format(error));
    return { status: 'error', error: message, logs, durationMs: performance.now() - started, ...droppedLogLines() };
  } finally {
    clearTimeout(timer);
  }
}
