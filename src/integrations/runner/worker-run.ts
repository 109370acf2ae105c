// The handler in a worker thread: its messages (loaded, log lines, HTTP requests, cache calls,
// done), its output streams, the timeout (enforced by terminating the worker), and the end of the
// run in every way it can end.
import type { ChildProcess } from 'node:child_process';
import { describeDependency, type ResolvedDependency } from './boot';
import { answerCache } from './cache-bridge';
import { forwardLines } from './lines';
import { LOG_LIMITS } from './log-limits';
import { workerMessageProblem } from './message-check';
import type { HostMessage, HostRequest, HostStart, WorkerMessage } from './messages';
import type { RunFields, RunLog } from './run-log';
import type { Run } from './run-options';
import type { HttpRequestLog, LogKind, RunError, RunErrorCode, RunReport } from './types';
import { runnerDir, startHost } from './worker-entry';

/** Loading integration.js (worker start included) may take the timeout, but at least this long. */
const MIN_BOOT_TIMEOUT_MS = 5_000;

/** An error as the worker reports it. */
type ErrorParts = { name: string; message: string; stack: string };

/** One run of the handler in its worker; `result` settles with the report, whatever happens. */
export class WorkerRun {
  readonly result: Promise<RunReport>;
  readonly #run: Run;
  readonly #log: RunLog;
  /** The child process hosting the handler's worker (host.ts): an empty environment, its own pid. */
  readonly #host: ChildProcess;
  /** Settles once the host process is gone (its `exit`), however it ended. */
  readonly #hostGone: Promise<void>;
  /** `left-pad@1.3.0 from ./node_modules/left-pad, ...` or `none`, for the boot line. */
  readonly #dependencies: string;
  readonly #requests: HttpRequestLog[] = [];
  readonly #inFlight = new Map<number, { request: HttpRequestLog; started: number }>();
  /** Lines the worker sends before the boot line (top-level code of integration.js) wait for it. */
  readonly #early: Array<() => void> = [];
  #flushStreams: Array<() => void> = [];
  #streamsEnded: Promise<unknown> = Promise.resolve();
  #settle: (report: RunReport) => void = () => {};
  #timer: ReturnType<typeof setTimeout> | undefined;
  #loaded = false;
  #handlerStarted = performance.now();
  #bootPrinted = false;
  #ending = false;
  /** The report is out: nothing more is logged. */
  #settled = false;

  constructor(run: Run, log: RunLog, boot: { file: string; dependencies: ResolvedDependency[] }) {
    this.#run = run;
    this.#log = log;
    this.#dependencies = boot.dependencies.length
      ? boot.dependencies.map((d) => describeDependency(d, run.dir)).join(', ')
      : 'none';
    const start: HostStart = {
      workerData: {
        file: boot.file,
        payload: run.payload,
        secrets: run.secrets,
        runnerDir,
        outputBudget: LOG_LIMITS.totalCharacters + log.redact.longest,
      },
      memoryLimitMb: run.memoryLimitMb,
    };
    // The platform's environment, not this machine's: a process of its own, no variables, bounded memory.
    this.#host = startHost();
    this.#hostGone = new Promise((gone) => {
      this.#host.once('exit', () => gone());
      this.#host.once('error', () => this.#host.pid === undefined && gone()); // never started: no exit to wait for
    });
    this.#host.on('error', (error) => this.#onHostError(error));
    this.#tell(start);
    this.#forwardStreams();
    this.result = new Promise<RunReport>((settle) => {
      this.#settle = settle;
    });
    this.#timer = setTimeout(() => this.#onTimeout(), Math.max(run.timeout, MIN_BOOT_TIMEOUT_MS));
    // Only the worker's own channel is relayed: what the handler posts on parentPort is ignored.
    this.#host.on('message', (message: HostMessage) => this.#onHost(message));
    this.#host.on('exit', (code, signal) => this.#onHostExit(code, signal));
  }

  /**
   * The streams' lines as log lines; their unterminated last lines are printed when the run ends,
   * before its final line. What the worker wrote reaches this thread apart from its messages, maybe
   * after its `done`: the run's last lines wait for both streams to end (they do when the worker is gone).
   */
  #forwardStreams() {
    const streams = [
      [this.#host.stdout!, 'stdout'],
      [this.#host.stderr!, 'stderr'],
    ] as const;
    const keep = LOG_LIMITS.lineLength + this.#log.redact.longest;
    this.#flushStreams = streams.map(([stream, kind]) =>
      forwardLines(
        stream,
        keep,
        (text, cut) => this.#settled || this.#fromWorker(() => this.#log.emit(kind, text, undefined, cut)),
      ),
    );
    this.#streamsEnded = Promise.all(streams.map(([stream]) => new Promise((ended) => stream.once('end', ended))));
  }

  #fromWorker(line: () => void) {
    if (this.#loaded) line();
    else this.#early.push(line);
  }

  #printBoot(text: string) {
    this.#log.emit('boot', text);
    for (const line of this.#early.splice(0)) line();
  }

  #bootFailed() {
    if (this.#loaded || this.#bootPrinted) return;
    this.#bootPrinted = true;
    this.#printBoot(`failed while loading integration.js; dependencies: ${this.#dependencies}`);
  }

  /** What the host process relays (see HostMessage). */
  #onHost(message: HostMessage) {
    if (message.kind === 'message') return this.#onChannel(message.message);
    if (message.kind === 'exit') return this.#onExit(message.code);
    if (message.kind === 'memory') return this.#outOfMemory(`the handler's process grew by ${message.grownMb} MB`);
    if (message.kind === 'error') return this.#onError(Object.assign(new Error(message.message), message));
    if (message.kind === 'signal') return this.#onHostExit(null, message.signal);
  }

  /**
   * Sends a message to the host process; nothing when it is gone. A send that fails because the host
   * is exiting meanwhile (EPIPE) is left to its `exit`, which ends the run: the callback takes the
   * failure, so it is not an `error` event.
   */
  #tell(message: HostStart | HostRequest) {
    if (this.#host.connected) this.#host.send(message, () => {});
  }

  #isHostGone(): boolean {
    return this.#host.exitCode !== null || this.#host.signalCode !== null || !this.#host.connected;
  }

  /** The host process ended before the run did (killed from outside, or crashed). */
  #onHostExit(code: number | null, signal: string | null) {
    const message = `the handler's process ended (${signal ? `signal ${signal}` : `code ${code}`}) before the handler finished`;
    const parts = { name: 'Error', message, stack: `Error: ${message}` };
    this.#fail('WORKER_EXITED', this.#loaded ? 'handler' : 'boot', parts, performance.now() - this.#handlerStarted);
  }

  /** The host process could not be started or signalled. */
  #onHostError(error: Error) {
    const message = `the handler's process failed: ${error.message}`;
    const parts = { name: 'Error', message, stack: `Error: ${message}` };
    this.#fail('WORKER_EXITED', this.#loaded ? 'handler' : 'boot', parts, performance.now() - this.#handlerStarted);
  }

  /** A message of the worker, checked first: one outside messages.ts ends the run (`INVALID_MESSAGE`, exit code 70). */
  #onChannel(message: unknown) {
    if (this.#ending) return;
    const problem = workerMessageProblem(message);
    if (!problem) return this.#onMessage(message as WorkerMessage);
    const text = `the runner received an invalid message from the handler's worker (${problem}); the run is stopped`;
    const parts = { name: 'RunnerError', message: text, stack: `RunnerError: ${text}` };
    this.#fail('INVALID_MESSAGE', this.#loaded ? 'handler' : 'boot', parts, performance.now() - this.#handlerStarted);
  }

  #onMessage(message: WorkerMessage) {
    switch (message.type) {
      case 'loaded':
        this.#loaded = true;
        this.#handlerStarted = performance.now();
        clearTimeout(this.#timer);
        this.#timer = setTimeout(() => this.#onTimeout(), this.#run.timeout);
        this.#printBoot(
          `integration.js (${message.format}) on node ${process.version}; dependencies: ${this.#dependencies}`,
        );
        return;
      case 'log':
        return this.#fromWorker(() => this.#log.emit(message.level, message.text));
      case 'http-start':
        return this.#onHttpStart(message);
      case 'http-end':
        return this.#onHttpEnd(message);
      case 'cache':
        return void answerCache(this.#run.cache, message).then((reply) => this.#tell({ kind: 'cache-reply', reply }));
      case 'done':
        return this.#onDone(message);
    }
  }

  #onHttpStart(message: WorkerMessage & { type: 'http-start' }) {
    const request: HttpRequestLog = {
      method: message.method,
      url: this.#log.redact(message.url),
      pending: true,
      durationMs: 0,
    };
    this.#requests.push(request);
    this.#inFlight.set(message.id, { request, started: performance.now() });
  }

  #onHttpEnd(message: WorkerMessage & { type: 'http-end' }) {
    const entry = this.#inFlight.get(message.id);
    if (!entry) return;
    this.#inFlight.delete(message.id);
    const { request } = entry;
    Object.assign(
      request,
      { pending: false, durationMs: Math.round(performance.now() - entry.started) },
      message.status === undefined
        ? { error: this.#log.redact(message.error ?? 'failed') }
        : { status: message.status },
    );
    const outcome = request.status === undefined ? `failed: ${request.error}` : String(request.status);
    this.#fromWorker(() =>
      this.#log.emit('http', `${request.method} ${request.url} -> ${outcome} (${request.durationMs} ms)`, request),
    );
  }

  #onDone(message: WorkerMessage & { type: 'done' }) {
    const durationMs = Math.round(message.durationMs);
    if (!message.ok) {
      const took = message.phase === 'boot' ? this.#log.elapsed() : durationMs;
      return this.#fail(message.reason, message.phase, message.error, took);
    }
    const result: unknown = message.json === undefined ? undefined : JSON.parse(message.json);
    const resultLine = message.json === undefined ? '(no return value)' : JSON.stringify(result, null, 2);
    this.#end({ outcome: 'ok', result, durationMs }, `ok in ${durationMs} ms`, [['result', resultLine]]);
  }

  #onError(error: Error) {
    if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') return this.#outOfMemory(error.message);
    const parts = { name: error.name, message: error.message, stack: error.stack ?? String(error) };
    this.#fail(
      this.#loaded ? 'HANDLER_THREW' : 'LOAD_FAILED',
      this.#loaded ? 'handler' : 'boot',
      parts,
      this.#log.elapsed(),
    );
  }

  /** Over the memory limit: its heap (the worker's resourceLimits) or the process's resident set (the watch). */
  #outOfMemory(detail: string) {
    const message = `the handler ran out of memory (limit ${this.#run.memoryLimitMb} MB): ${detail}`;
    const parts = { name: 'RangeError', message, stack: `RangeError: ${message}` };
    this.#fail('OUT_OF_MEMORY', this.#loaded ? 'handler' : 'boot', parts, performance.now() - this.#handlerStarted);
  }

  #onExit(exitCode: number) {
    const message = `the worker exited (code ${exitCode}) before the handler finished: the handler called process.exit()`;
    const parts = { name: 'Error', message, stack: `Error: ${message}` };
    this.#fail('WORKER_EXITED', this.#loaded ? 'handler' : 'boot', parts, performance.now() - this.#handlerStarted);
  }

  #onTimeout() {
    const durationMs = Math.round(performance.now() - this.#handlerStarted);
    const pending = [...this.#inFlight.values()].map(({ request }) => `${request.method} ${request.url}`);
    const message = this.#loaded
      ? `the handler did not finish within ${this.#run.timeout} ms`
      : `integration.js did not finish loading within ${Math.max(this.#run.timeout, MIN_BOOT_TIMEOUT_MS)} ms`;
    const detail = pending.length
      ? `; ${pending.length} HTTP ${pending.length === 1 ? 'request' : 'requests'} still pending: ${pending.join(', ')}`
      : '; no HTTP request pending';
    const { redact } = this.#log;
    const error: RunError = {
      code: 'TIMEOUT',
      phase: this.#loaded ? 'handler' : 'boot',
      name: 'TimeoutError',
      message: redact(message + detail),
      stack: redact(`TimeoutError: ${message}${detail}`),
    };
    this.#end({ outcome: 'timeout', error, durationMs }, `timeout after ${durationMs} ms${detail}`);
  }

  #fail(code: RunErrorCode, phase: RunError['phase'], error: ErrorParts, durationMs: number) {
    if (this.#ending) return;
    const { redact } = this.#log;
    const failure: RunError = {
      code,
      phase,
      name: error.name,
      message: redact(error.message),
      stack: redact(error.stack),
    };
    const doneText = `error${phase === 'boot' ? ' at boot' : ''} (${code}) in ${Math.round(durationMs)} ms`;
    this.#end({ outcome: 'error', error: failure, durationMs }, doneText, [['exception', error.stack]]);
  }

  /**
   * The worker's dropped-output counts, asked of the host into the log. A host that is gone, or
   * goes before it answers, has none to give; one that does not answer is given up after 500 ms.
   */
  #droppedInHost(): Promise<void> {
    if (this.#isHostGone()) return Promise.resolve();
    let answer: (message: HostMessage) => void = () => {};
    const answered = new Promise<void>((done) => {
      answer = (message) => {
        if (message.kind !== 'dropped') return;
        Atomics.store(this.#log.droppedInWorker, 0, BigInt(message.lines));
        Atomics.store(this.#log.droppedInWorker, 1, BigInt(message.characters));
        done();
      };
      this.#host.on('message', answer);
      this.#tell({ kind: 'dropped' });
    });
    return withinMs(Promise.race([answered, this.#hostGone]), 500).finally(() => this.#host.off('message', answer));
  }

  /** Kills the host process (the worker with it); resolves once it is gone. */
  #stopHost(): Promise<void> {
    if (this.#host.exitCode === null && this.#host.signalCode === null) this.#host.kill('SIGKILL');
    return this.#hostGone;
  }

  /** Stops the worker, then logs what it still wrote, the requests left pending, `lastLines` and the final line. */
  #end(fields: RunFields, doneText: string, lastLines: Array<[LogKind, string]> = []) {
    if (this.#ending) return;
    this.#ending = true;
    clearTimeout(this.#timer);
    const now = performance.now();
    // Each wait below holds a live timer until it settles (the command stays alive until the report
    // is out) and clears it then (nothing is left to keep the command alive afterwards).
    const streamsDrained = withinMs(this.#streamsEnded, 1000);
    void this.#droppedInHost()
      .then(() => this.#stopHost())
      .then(() => streamsDrained)
      .then(() => {
        this.#bootFailed();
        for (const flush of this.#flushStreams) flush();
        this.#settled = true;
        for (const { request, started } of this.#inFlight.values()) {
          request.durationMs = Math.round(now - started);
          const text = `${request.method} ${request.url} -> no response after ${request.durationMs} ms (pending)`;
          this.#log.emit('http', text, request);
        }
        for (const [kind, text] of lastLines) this.#log.emit(kind, text);
        this.#log.emit('done', doneText + this.#log.droppedNote());
        this.#settle(this.#log.report(fields, this.#requests));
      });
  }
}

/** Settles when `promise` does, or after `ms`, whichever is first; the timer is cleared either way. */
function withinMs(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<void>((done) => {
    timer = setTimeout(done, ms);
  });
  return Promise.race([promise.then(() => {}), gaveUp]).finally(() => clearTimeout(timer));
}
