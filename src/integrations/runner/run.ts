/**
 * runIntegration: one test run of an integration on this machine, as the editor's test run does
 * it: boot (integration.js, package.json, dependencies), the handler in a worker thread with the
 * sample payload, secrets and cache, every console call and outgoing HTTP request as a log line
 * with secrets replaced, then the result or the exception and a final line with the execution
 * time. The timeout is enforced by terminating the worker.
 */
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { invalid } from '@svc/core';
import { createCache, type IntegrationCache } from '../cache';
import { bootIntegration, describeDependency } from './boot';
import { EXIT_CODES } from './exit-codes';
import { DEFAULT_MEMORY_LIMIT_MB, LOG_LIMITS } from './log-limits';
import type { RunnerMessage, WorkerData, WorkerMessage } from './messages';
import { createRedactor } from './redact';
import type { HttpRequestLog, LogKind, LogLine, RunError, RunErrorCode, RunOptions, RunReport } from './types';
import { runnerDir, startWorker } from './worker-entry';

/** The timeout when none is given (the platform's own default is not published). */
export const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_TIMEOUT_MS = 2 ** 31 - 1; // what setTimeout can wait
/** Loading integration.js (worker start included) may take the timeout, but at least this long. */
export const MIN_BOOT_TIMEOUT_MS = 5_000;

export { DEFAULT_MEMORY_LIMIT_MB, LOG_LIMITS } from './log-limits';

/** The default `cache`: one per integration folder, kept for the life of the process. */
const caches = new Map<string, IntegrationCache>();

/**
 * Runs the integration in `options.dir` once, as the platform's editor does; resolves a report
 * (outcome, result or error, log lines, HTTP requests). Rejects only for wrong options.
 */
export async function runIntegration(options: RunOptions): Promise<RunReport> {
  if (typeof options !== 'object' || options === null) invalid('options', options, 'must be an object');
  const { payload = {}, timeout = DEFAULT_TIMEOUT_MS, onLog } = options;
  if (typeof options.dir !== 'string' || !options.dir)
    invalid('options.dir', options.dir, "must be the integration's folder");
  if (!Number.isInteger(timeout) || timeout <= 0 || timeout > MAX_TIMEOUT_MS)
    invalid('options.timeout', timeout, `must be an integer number of milliseconds in 1..${MAX_TIMEOUT_MS}`);
  if (onLog !== undefined && typeof onLog !== 'function') invalid('options.onLog', onLog, 'must be a function');
  const { memoryLimitMb = DEFAULT_MEMORY_LIMIT_MB } = options;
  if (!Number.isInteger(memoryLimitMb) || memoryLimitMb < 16 || memoryLimitMb > 65_536)
    invalid('options.memoryLimitMb', memoryLimitMb, 'must be an integer number of MB in 16..65536');
  if (!isJson(payload)) invalid('options.payload', payload, 'must be a JSON value');
  const secrets = copySecrets(options.secrets);
  const dir = resolve(options.dir);
  const cache = options.cache ?? caches.get(dir) ?? caches.set(dir, createCache()).get(dir)!;

  const redact = createRedactor(secrets);
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  const logs: LogLine[] = [];
  // Lines the worker dropped before sending them (over the total), counted there: [lines, characters].
  const droppedInWorker = new BigInt64Array(new SharedArrayBuffer(16));
  const droppedHere = { lines: 0, characters: 0 };
  let kept = 0;
  /**
   * Logs a line, secrets redacted, each of its lines cut at LOG_LIMITS.lineLength (`cut` more
   * characters were already left out of it). The handler's output (`counted`) beyond
   * LOG_LIMITS.totalCharacters is dropped and counted; the runner's own lines are always kept.
   */
  const emit = (kind: LogKind, text: string, request?: HttpRequestLog, cut = 0) => {
    const counted = kind !== 'boot' && kind !== 'done' && kind !== 'result' && kind !== 'exception';
    if (counted && kept >= LOG_LIMITS.totalCharacters) {
      droppedHere.lines++;
      droppedHere.characters += text.length + cut;
      return;
    }
    const bounded = cutLines(redact(text), cut);
    if (counted) kept += bounded.length;
    const line: LogLine = { kind, text: bounded, at: elapsed(), ...(request ? { request } : {}) };
    logs.push(line);
    onLog?.(line);
  };
  const dropped = () => ({
    lines: droppedHere.lines + Number(Atomics.load(droppedInWorker, 0)),
    characters: droppedHere.characters + Number(Atomics.load(droppedInWorker, 1)),
  });
  const droppedNote = () => {
    const { lines, characters } = dropped();
    return lines || characters
      ? `; ${lines} log lines (${characters} characters) dropped over the log limit of ${LOG_LIMITS.totalCharacters} characters`
      : '';
  };
  const report = (
    fields: Pick<RunReport, 'outcome' | 'result' | 'error' | 'durationMs'>,
    requests: HttpRequestLog[] = [],
  ): RunReport => ({
    ...fields,
    logs,
    requests,
    dropped: dropped(),
    exitCode:
      fields.outcome === 'ok'
        ? EXIT_CODES.ok
        : fields.outcome === 'timeout'
          ? EXIT_CODES.timeout
          : fields.error?.phase === 'boot'
            ? EXIT_CODES.boot
            : EXIT_CODES.error,
  });

  const boot = bootIntegration(dir);
  if (!boot.ok) {
    emit('boot', `failed: ${boot.message}`);
    const durationMs = elapsed();
    emit('done', `error at boot (${boot.code}) in ${durationMs} ms`);
    const error: RunError = {
      code: boot.code,
      phase: 'boot',
      name: 'BootError',
      message: redact(boot.message),
      stack: redact(`BootError: ${boot.message}`),
      ...(boot.missing ? { missing: boot.missing } : {}),
    };
    return report({ outcome: 'error', error, durationMs });
  }
  const dependencies = boot.dependencies.length
    ? boot.dependencies.map((d) => describeDependency(d, dir)).join(', ')
    : 'none';

  const workerData: WorkerData = {
    file: boot.file,
    payload,
    secrets,
    runnerDir,
    dropped: droppedInWorker,
    outputBudget: LOG_LIMITS.totalCharacters + redact.longest,
  };
  // The platform's environment, not this machine's: no variables, a bounded heap.
  const worker = startWorker({
    workerData,
    stdout: true,
    stderr: true,
    env: {},
    resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb },
  });
  const requests: HttpRequestLog[] = [];
  const inFlight = new Map<number, { request: HttpRequestLog; started: number }>();
  let loaded = false;
  let handlerStarted = startedAt;
  // Lines the worker sends before the boot line (top-level code of integration.js) wait for it.
  const early: Array<() => void> = [];
  const fromWorker = (line: () => void) => (loaded ? line() : early.push(line));
  const printBoot = (text: string) => {
    emit('boot', text);
    for (const line of early.splice(0)) line();
  };
  let settled = false;
  // The streams' unterminated last lines are printed when the run ends, before its final line.
  const streams = [
    [worker.stdout, 'stdout'],
    [worker.stderr, 'stderr'],
  ] as const;
  const flushStreams = streams.map(([stream, kind]) =>
    forwardLines(
      stream,
      LOG_LIMITS.lineLength + redact.longest,
      (text, cut) => settled || fromWorker(() => emit(kind, text, undefined, cut)),
    ),
  );
  // What the worker wrote reaches this thread apart from its messages, maybe after its `done`:
  // the run's last lines wait for both streams to end (they do when the worker is gone).
  const streamsEnded = Promise.all(streams.map(([stream]) => new Promise((ended) => stream.once('end', ended))));

  return new Promise<RunReport>((settle) => {
    let timer = setTimeout(onTimeout, Math.max(timeout, MIN_BOOT_TIMEOUT_MS));
    let bootPrinted = false;
    const bootFailed = () => {
      if (loaded || bootPrinted) return;
      bootPrinted = true;
      printBoot(`failed while loading integration.js; dependencies: ${dependencies}`);
    };
    let ending = false;
    /** Stops the worker, then logs what it still wrote, the requests left pending, `lastLines` and the final line. */
    const end = (
      fields: Pick<RunReport, 'outcome' | 'result' | 'error' | 'durationMs'>,
      doneText: string,
      lastLines: Array<[LogKind, string]> = [],
    ) => {
      if (ending) return;
      ending = true;
      clearTimeout(timer);
      const now = performance.now();
      const streamsDrained = Promise.race([streamsEnded, new Promise((gaveUp) => setTimeout(gaveUp, 1000))]);
      void worker
        .terminate()
        .then(() => streamsDrained)
        .then(() => {
          bootFailed();
          for (const flush of flushStreams) flush();
          settled = true;
          for (const { request, started } of inFlight.values()) {
            request.durationMs = Math.round(now - started);
            emit(
              'http',
              `${request.method} ${request.url} -> no response after ${request.durationMs} ms (pending)`,
              request,
            );
          }
          for (const [kind, text] of lastLines) emit(kind, text);
          emit('done', doneText + droppedNote());
          settle(report(fields, requests));
        });
    };
    const fail = (
      code: RunErrorCode,
      phase: RunError['phase'],
      error: { name: string; message: string; stack: string },
      durationMs: number,
    ) => {
      if (ending) return;
      end(
        {
          outcome: 'error',
          error: { code, phase, name: error.name, message: redact(error.message), stack: redact(error.stack) },
          durationMs,
        },
        `error${phase === 'boot' ? ' at boot' : ''} (${code}) in ${Math.round(durationMs)} ms`,
        [['exception', error.stack]],
      );
    };

    function onTimeout() {
      const durationMs = Math.round(performance.now() - handlerStarted);
      const pending = [...inFlight.values()].map(({ request }) => `${request.method} ${request.url}`);
      const message = loaded
        ? `the handler did not finish within ${timeout} ms`
        : `integration.js did not finish loading within ${Math.max(timeout, MIN_BOOT_TIMEOUT_MS)} ms`;
      const detail = pending.length
        ? `; ${pending.length} HTTP ${pending.length === 1 ? 'request' : 'requests'} still pending: ${pending.join(', ')}`
        : '; no HTTP request pending';
      const error: RunError = {
        code: 'TIMEOUT',
        phase: loaded ? 'handler' : 'boot',
        name: 'TimeoutError',
        message: redact(message + detail),
        stack: redact(`TimeoutError: ${message}${detail}`),
      };
      end({ outcome: 'timeout', error, durationMs }, `timeout after ${durationMs} ms${detail}`);
    }

    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'loaded':
          loaded = true;
          handlerStarted = performance.now();
          clearTimeout(timer);
          timer = setTimeout(onTimeout, timeout);
          printBoot(`integration.js (${message.format}) on node ${process.version}; dependencies: ${dependencies}`);
          return;
        case 'log':
          return fromWorker(() => emit(message.level, message.text));
        case 'http-start': {
          const request: HttpRequestLog = {
            method: message.method,
            url: redact(message.url),
            pending: true,
            durationMs: 0,
          };
          requests.push(request);
          inFlight.set(message.id, { request, started: performance.now() });
          return;
        }
        case 'http-end': {
          const entry = inFlight.get(message.id);
          if (!entry) return;
          inFlight.delete(message.id);
          const { request } = entry;
          Object.assign(
            request,
            { pending: false, durationMs: Math.round(performance.now() - entry.started) },
            message.status === undefined ? { error: redact(message.error ?? 'failed') } : { status: message.status },
          );
          const outcome = request.status === undefined ? `failed: ${request.error}` : String(request.status);
          return fromWorker(() =>
            emit('http', `${request.method} ${request.url} -> ${outcome} (${request.durationMs} ms)`, request),
          );
        }
        case 'cache':
          return void answerCache(cache, message).then((reply) => worker.postMessage(reply));
        case 'done': {
          const durationMs = Math.round(message.durationMs);
          if (!message.ok)
            return fail(
              message.reason,
              message.phase,
              message.error,
              message.phase === 'boot' ? elapsed() : durationMs,
            );
          const result: unknown = message.json === undefined ? undefined : JSON.parse(message.json);
          const resultLine = message.json === undefined ? '(no return value)' : JSON.stringify(result, null, 2);
          return end({ outcome: 'ok', result, durationMs }, `ok in ${durationMs} ms`, [['result', resultLine]]);
        }
      }
    });
    worker.on('error', (err) => {
      if ((err as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        const message = `the handler ran out of memory (limit ${memoryLimitMb} MB): ${err.message}`;
        return fail(
          'OUT_OF_MEMORY',
          loaded ? 'handler' : 'boot',
          { name: 'RangeError', message, stack: `RangeError: ${message}` },
          performance.now() - handlerStarted,
        );
      }
      fail(
        loaded ? 'HANDLER_THREW' : 'LOAD_FAILED',
        loaded ? 'handler' : 'boot',
        { name: err.name, message: err.message, stack: err.stack ?? String(err) },
        elapsed(),
      );
    });
    worker.on('exit', (exitCode) => {
      const message = `the worker exited (code ${exitCode}) before the handler finished: the handler called process.exit()`;
      fail(
        'WORKER_EXITED',
        loaded ? 'handler' : 'boot',
        { name: 'Error', message, stack: `Error: ${message}` },
        performance.now() - handlerStarted,
      );
    });
  });
}

async function answerCache(
  cache: IntegrationCache,
  message: WorkerMessage & { type: 'cache' },
): Promise<RunnerMessage> {
  try {
    const key = message.key as string;
    let value: unknown;
    if (message.op === 'get') value = await cache.get(key);
    else if (message.op === 'delete') value = await cache.delete(key);
    else
      await cache.set(
        key,
        message.json === undefined ? undefined : JSON.parse(message.json),
        message.ttlSeconds as number | undefined,
      );
    return {
      type: 'cache-reply',
      id: message.id,
      ok: true,
      json: value === undefined ? undefined : JSON.stringify(value),
    };
  } catch (err) {
    const { name, message: text } = err instanceof Error ? err : new Error(String(err));
    return { type: 'cache-reply', id: message.id, ok: false, error: { name, message: text } };
  }
}

/**
 * Calls `line` with every complete line the stream writes (and the unterminated rest at its end),
 * in time linear in the output: at most `keep` characters of a line are held, the rest of it is
 * skipped and its length passed as `cut`. Returns a function that sends the unterminated rest now.
 */
function forwardLines(stream: Readable, keep: number, line: (text: string, cut: number) => void): () => void {
  let held: string[] = [];
  let heldLength = 0;
  let cut = 0;
  const add = (piece: string) => {
    const room = keep - heldLength;
    if (piece.length > room) cut += piece.length - Math.max(room, 0);
    if (room <= 0) return;
    const kept = piece.length > room ? piece.slice(0, room) : piece;
    held.push(kept);
    heldLength += kept.length;
  };
  const flush = () => {
    line(held.join(''), cut);
    held = [];
    heldLength = 0;
    cut = 0;
  };
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    let from = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', from)) {
      add(chunk.slice(from, end));
      flush();
      from = end + 1;
    }
    if (from < chunk.length) add(from === 0 ? chunk : chunk.slice(from));
  });
  const flushRest = () => (heldLength || cut) && flush();
  stream.on('end', flushRest);
  return flushRest;
}

/** `text` with each of its lines over LOG_LIMITS.lineLength cut and marked (`cut` characters already left out of the last). */
function cutLines(text: string, cut: number): string {
  if (text.length <= LOG_LIMITS.lineLength && cut === 0) return text;
  const lines = text.split('\n');
  return lines
    .map((line, i) => {
      const more = Math.max(line.length - LOG_LIMITS.lineLength, 0) + (i === lines.length - 1 ? cut : 0);
      return more ? `${line.slice(0, LOG_LIMITS.lineLength)} [line cut: ${more} more characters]` : line;
    })
    .join('\n');
}

function copySecrets(secrets: unknown): Record<string, string> {
  if (secrets === undefined) return Object.create(null) as Record<string, string>;
  if (typeof secrets !== 'object' || secrets === null || Array.isArray(secrets))
    invalid('options.secrets', secrets, 'must be an object of names to string values');
  const copy = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(secrets)) {
    if (typeof value !== 'string') invalid(`options.secrets.${name}`, value, 'must be a string');
    copy[name] = value;
  }
  return copy;
}

function isJson(value: unknown): boolean {
  try {
    return JSON.stringify(value) !== undefined;
  } catch {
    return false;
  }
}
