/**
 * The messages between the runner (main thread) and the worker thread that runs one handler.
 * Types only: both sides compile against this file, nothing of it ships at run time.
 */
import type { MessagePort } from 'node:worker_threads';

/** What the worker is started with (`workerData`). */
export interface WorkerData {
  /** Absolute path of the integration's `integration.js`. */
  file: string;
  payload: unknown;
  secrets: Record<string, string>;
  /** The runner's own folder: its frames are cut from the handler's stacks. */
  runnerDir: string;
  /** Output dropped in the worker once it has sent `outputBudget` characters: [lines, characters]. */
  dropped: BigInt64Array;
  /** Characters of console output and stdout / stderr writes the worker sends at most. */
  outputBudget: number;
  /**
   * The runner's own channel (transferred): every message of the worker goes through it, none
   * through `parentPort`, which the handler can reach. The worker takes it out of `workerData`
   * before the handler loads, so the handler cannot write on it.
   */
  channel?: MessagePort;
}

/** A failure as it crosses the thread boundary (errors do not survive structured clone whole). */
export interface SerializedError {
  name: string;
  message: string;
  stack: string;
  /** `err.code` when the error had a string code (e.g. `ERR_MODULE_NOT_FOUND`). */
  code?: string;
}

/** Console methods a handler may call; each becomes a log line of the same kind. */
export type ConsoleLevel = 'debug' | 'info' | 'log' | 'warn' | 'error';

export type CacheOperation = 'get' | 'set' | 'delete';

/** Worker -> runner. */
export type WorkerMessage =
  | { type: 'loaded'; format: 'ESM' | 'CommonJS' }
  | { type: 'log'; level: ConsoleLevel; text: string }
  | { type: 'http-start'; id: number; method: string; url: string }
  | { type: 'http-end'; id: number; status?: number; error?: string }
  | { type: 'cache'; id: number; op: CacheOperation; key: unknown; json?: string; ttlSeconds?: unknown }
  | { type: 'done'; phase: 'boot' | 'handler'; ok: true; json: string | undefined; durationMs: number }
  | {
      type: 'done';
      phase: 'boot' | 'handler';
      ok: false;
      error: SerializedError;
      reason: 'NO_HANDLER' | 'LOAD_FAILED' | 'HANDLER_THREW' | 'NOT_SERIALIZABLE';
      durationMs: number;
    };

/** Runner -> worker: the answer to one `cache` message. */
export type RunnerMessage =
  | { type: 'cache-reply'; id: number; ok: true; json: string | undefined }
  | { type: 'cache-reply'; id: number; ok: false; error: { name: string; message: string } };

/** Runner -> host process: what it starts the worker with (the rest of WorkerData is the host's). */
export interface HostStart {
  workerData: Omit<WorkerData, 'dropped' | 'channel'>;
  memoryLimitMb: number;
}

/** Runner -> host process, after the start. */
export type HostRequest =
  | { kind: 'cache-reply'; reply: RunnerMessage }
  /** Asks for the worker's dropped-output counts (answered with `dropped`). */
  | { kind: 'dropped' };

/** Host process -> runner. */
export type HostMessage =
  /** A message of the worker on its channel, as it came (the runner checks it). */
  | { kind: 'message'; message: unknown }
  | { kind: 'error'; name: string; message: string; stack: string; code: string | undefined }
  | { kind: 'exit'; code: number }
  | { kind: 'dropped'; lines: number; characters: number }
  /** The host's resident set grew by more than the memory limit. */
  | { kind: 'memory'; grownMb: number }
  /** The host process received a signal (the handler signalled it); it exits next. */
  | { kind: 'signal'; signal: string };
