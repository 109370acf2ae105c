/**
 * The child process that hosts the handler's worker thread. The runner starts it with an empty
 * environment, so the handler's process has no variables to read (`/proc/self/environ` included)
 * and its pid is not the runner's. It starts the worker (worker.ts) and
 * relays: the worker's messages to the runner, the runner's cache replies to the worker, the
 * worker's errors and exit, its dropped-output counts, and its resident memory over the limit.
 * The runner keeps the log and the redaction. (No `import.meta` here, as in worker.ts.)
 */
import { MessageChannel, receiveMessageOnPort, type Worker } from 'node:worker_threads';
import { MEMORY_CHECK_MS } from './log-limits';
import type { HostMessage, HostRequest, HostStart, WorkerData } from './messages';
import { startWorker } from './worker-entry';

const MB = 1024 * 1024;
const send = (message: HostMessage) => process.send?.(message);

/** Starts the worker of `start` and relays between it and the runner until the runner kills this process. */
function host(start: HostStart): void {
  const dropped = new BigInt64Array(new SharedArrayBuffer(16));
  const { port1, port2 } = new MessageChannel();
  const workerData: WorkerData = { ...start.workerData, dropped, channel: port2 };
  const worker: Worker = startWorker({
    workerData,
    transferList: [port2],
    env: {},
    resourceLimits: { maxOldGenerationSizeMb: start.memoryLimitMb },
  });
  port1.on('message', (message: unknown) => send({ kind: 'message', message }));
  // The worker's exit and errors come on another channel than its messages, maybe first: what it
  // posted before them (its `loaded`, its last lines) is relayed before them.
  const relayPosted = () => {
    for (let next = receiveMessageOnPort(port1); next; next = receiveMessageOnPort(port1)) {
      send({ kind: 'message', message: next.message });
    }
  };
  worker.on('error', (error: Error & { code?: unknown }) => {
    relayPosted();
    send({
      kind: 'error',
      name: error.name,
      message: error.message,
      stack: error.stack ?? String(error),
      code: typeof error.code === 'string' ? error.code : undefined,
    });
  });
  worker.on('exit', (code) => {
    relayPosted();
    send({ kind: 'exit', code });
  });
  process.on('message', (request: HostRequest) => {
    if (request.kind === 'cache-reply') port1.postMessage(request.reply);
    else if (request.kind === 'dropped')
      send({ kind: 'dropped', lines: Number(Atomics.load(dropped, 0)), characters: Number(Atomics.load(dropped, 1)) });
  });
  watchMemory(start.memoryLimitMb, worker);
}

/**
 * Tells the runner once this process's memory outside the worker's V8 heap has grown by more than
 * `limitMb`: buffers, typed arrays, nested workers. The heap has its own limit
 * (`maxOldGenerationSizeMb`); counting it here too would end a run for garbage not yet collected
 * (a handler that logs in a tight loop grows the heap well past its live size between collections).
 */
function watchMemory(limitMb: number, worker: Worker): void {
  const baseline = process.memoryUsage.rss();
  let checking = false;
  const timer = setInterval(async () => {
    const grown = process.memoryUsage.rss() - baseline;
    if (grown <= limitMb * MB || checking) return;
    checking = true;
    const heap = await worker.getHeapStatistics().then(
      (stats) => stats.total_heap_size,
      () => 0, // the worker has ended: nothing of it to set aside
    );
    checking = false;
    const outsideHeap = grown - heap;
    if (outsideHeap <= limitMb * MB) return;
    clearInterval(timer);
    send({ kind: 'memory', grownMb: Math.round(outsideHeap / MB) });
  }, MEMORY_CHECK_MS);
}

// The runner gone: nothing left to run for.
process.on('disconnect', () => process.exit(0));
// A signal the handler sends its own process (`kill` through a child process) ends the run: said
// to the runner after what the worker reported before it, then this process exits.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(signal, () => process.send?.({ kind: 'signal', signal } satisfies HostMessage, () => process.exit(1)));
}
process.once('message', (start: HostStart) => host(start));
