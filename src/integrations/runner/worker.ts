/**
 * The worker thread that runs one integration handler, isolated from the runner: it captures
 * the console and outgoing HTTP requests, loads `integration.js` (ESM or CommonJS), calls the
 * exported function with `{ payload, secrets, cache }` and reports everything to the runner as
 * messages (see messages.ts). The runner ends it: after `done`, or by terminating it on timeout.
 * (No `import.meta` here: under tests this file runs from source through tsx's CommonJS hook.)
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { format, inspect } from 'node:util';
import { MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { IntegrationCache } from '../cache';
import { logHttpRequests } from './http-log';
import type {
  CacheOperation,
  ConsoleLevel,
  RunnerMessage,
  SerializedError,
  WorkerData,
  WorkerMessage,
} from './messages';

const data = workerData as WorkerData;
const { file, payload, secrets, runnerDir, dropped, outputBudget } = data;
// The runner's own channel, out of `workerData` before the handler loads (it can read workerData),
// its postMessage bound now (the handler could replace MessagePort.prototype.postMessage later):
// the handler cannot write on it, and what it posts on `parentPort` the runner ignores.
const channel = data.channel ?? parentPort!;
delete data.channel;
const post: (message: WorkerMessage) => void = MessagePort.prototype.postMessage.bind(channel);

let phase: 'boot' | 'handler' = 'boot';
let startedAt = performance.now();
let finished = false;
function finish(message: WorkerMessage & { type: 'done' }): void {
  if (finished) return;
  finished = true;
  post(message);
}
const fail = (reason: 'NO_HANDLER' | 'LOAD_FAILED' | 'HANDLER_THREW' | 'NOT_SERIALIZABLE', err: unknown) =>
  finish({ type: 'done', phase, ok: false, reason, error: serialize(err), durationMs: performance.now() - startedAt });

// An exception thrown later from a timer or an unhandled rejection fails the run like a throw.
process.on('uncaughtException', (err) => fail(phase === 'boot' ? 'LOAD_FAILED' : 'HANDLER_THREW', err));

// Output is sent to the runner up to `outputBudget` characters; the rest is only counted (in
// memory the runner reads), so a handler printing without end cannot flood it.
let sent = 0;
/** How much of `text` (`lines` lines) may still be sent: all of it, a part, or none; counts what is dropped. */
function allowed(text: string, lines: number): string {
  const room = outputBudget - sent;
  if (text.length <= room) {
    sent += text.length;
    return text;
  }
  const part = room > 0 ? text.slice(0, room) : '';
  sent += part.length;
  if (!part) Atomics.add(dropped, 0, BigInt(lines)); // a line partly sent is not counted as dropped
  Atomics.add(dropped, 1, BigInt(text.length - part.length));
  return part;
}
const log = (level: ConsoleLevel, text: string) => {
  const part = allowed(text, 1);
  if (part) post({ type: 'log', level, text: part });
};
for (const level of ['debug', 'info', 'log', 'warn', 'error'] as const satisfies readonly ConsoleLevel[]) {
  console[level] = (...args: unknown[]) => log(level, format(...args));
}
console.dir = (item: unknown, options?: object) => log('log', inspect(item, options));
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream);
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const part = allowed(text, 0);
    if (part.length < text.length) Atomics.add(dropped, 0, BigInt(countLines(text.slice(part.length))));
    const done = rest.find((arg): arg is () => void => typeof arg === 'function');
    if (part) return write(part, done);
    done?.();
    return true;
  }) as typeof stream.write;
}

function countLines(text: string): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

// A handler runs on the platform: it cannot signal this machine's processes (the runner included)
// through `process` (`process._kill` is what `process.kill` calls). A child process it starts can.
const noKill = () => {
  throw new Error('process.kill is not available to a handler (it runs on the platform, not on this machine)');
};
process.kill = noKill;
(process as unknown as { _kill: unknown })._kill = noKill;

let nextRequestId = 0;
logHttpRequests({
  start(method, url) {
    const id = ++nextRequestId;
    post({ type: 'http-start', id, method, url });
    return id;
  },
  end(id, outcome) {
    post({ type: 'http-end', id, ...outcome });
  },
});

// `cache` lives in the runner (it outlives this thread); every call is a round trip.
let nextCacheCall = 0;
const cacheCalls = new Map<number, { resolve(json: string | undefined): void; reject(err: Error): void }>();
channel.on('message', (message: RunnerMessage) => {
  const call = cacheCalls.get(message.id);
  if (message.type !== 'cache-reply' || !call) return;
  cacheCalls.delete(message.id);
  if (message.ok) call.resolve(message.json);
  else call.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
});
function callCache(
  op: CacheOperation,
  key: unknown,
  value?: { json: string | undefined },
  ttlSeconds?: unknown,
): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const id = ++nextCacheCall;
    cacheCalls.set(id, { resolve, reject });
    post({ type: 'cache', id, op, key, json: value?.json, ttlSeconds });
  });
}
const parse = (json: string | undefined) => (json === undefined ? undefined : JSON.parse(json));
const cache: IntegrationCache = {
  get: async (key) => parse(await callCache('get', key)),
  // Stringified here so a value the store would refuse fails the same way (JSON is what it keeps).
  set: async (key, value, ttlSeconds) =>
    void (await callCache('set', key, { json: JSON.stringify(value) }, ttlSeconds)),
  delete: async (key) => parse(await callCache('delete', key)) === true,
};

void run();

async function run(): Promise<void> {
  let exports: Record<string, unknown>;
  try {
    exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (err) {
    return fail('LOAD_FAILED', err);
  }
  const handler = pickHandler(exports);
  if (typeof handler !== 'function') {
    return fail(
      'NO_HANDLER',
      new TypeError(
        `integration.js must export one function (module.exports = async ({ payload, secrets, cache }) => ..., or export default); ${handler}`,
      ),
    );
  }
  // Loaded through the CommonJS loader <=> it sits in require.cache.
  post({ type: 'loaded', format: createRequire(file).cache[file] ? 'CommonJS' : 'ESM' });

  phase = 'handler';
  startedAt = performance.now();
  let value: unknown;
  try {
    value = await (handler as (input: object) => unknown)({ payload, secrets, cache });
  } catch (err) {
    return fail('HANDLER_THREW', err);
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (err) {
    return fail(
      'NOT_SERIALIZABLE',
      new TypeError(`the handler's return value is not JSON-serialisable: ${(err as Error).message}`),
    );
  }
  finish({ type: 'done', phase, ok: true, json, durationMs: performance.now() - startedAt });
}

/**
 * The one exported function: the default export (module.exports for CommonJS), else the only
 * function among the exports. Returns a description of what was found when there is none.
 */
function pickHandler(namespace: Record<string, unknown>): unknown {
  if (typeof namespace.default === 'function') return namespace.default;
  const scopes = [namespace, namespace.default].filter(
    (scope): scope is Record<string, unknown> => typeof scope === 'object' && scope !== null,
  );
  for (const scope of scopes) {
    const functions = Object.keys(scope).filter((name) => name !== 'default' && typeof scope[name] === 'function');
    if (functions.length === 1) return scope[functions[0]];
    if (functions.length > 1) return `it exports ${functions.length} functions (${functions.join(', ')}): keep one`;
  }
  return 'it exports no function';
}

/** A stack frame of Node's own, such as `processTicksAndRejections` (Node 24 adds one under the handler's). */
const NODE_FRAME = /^\s*at (?:.* \()?node:internal\//;

/**
 * The error as it crosses to the runner, without the runner's own stack frames and without the
 * frames of Node's own that follow the handler's last one (they say how Node called the runner).
 */
function serialize(err: unknown): SerializedError {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    const lines = (err.stack ?? `${err.name}: ${err.message}`).split('\n').filter((line) => !line.includes(runnerDir));
    while (lines.length > 1 && NODE_FRAME.test(lines[lines.length - 1])) lines.pop();
    const stack = lines.join('\n');
    return { name: err.name, message: err.message, stack, ...(typeof code === 'string' ? { code } : {}) };
  }
  const text = typeof err === 'string' ? err : inspect(err);
  return { name: 'Error', message: text, stack: `Uncaught ${text} (thrown value is not an Error: no stack)` };
}
