/**
 * Where the worker's code is: `worker.js` at the root of the built package (this code may sit in
 * runner.js beside it or in a shared chunk under chunks/); when running from the TypeScript
 * sources (the repository's tests), `./worker.ts` through tsx's CommonJS hook (Node 20 applies
 * neither `--import` nor `module.register` loader hooks inside worker threads).
 */
import { type ChildProcess, type ForkOptions, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const built = ['./worker.js', '../worker.js']
  .map((path) => fileURLToPath(new URL(path, import.meta.url)))
  .find((file) => existsSync(file));

/** The runner's own folder (with a trailing separator): its frames are cut from the handler's stacks. */
export const runnerDir = dirname(built ?? fileURLToPath(import.meta.url)) + sep;

export function startWorker(options: WorkerOptions): Worker {
  if (built) return new Worker(built, options);
  const source = fileURLToPath(new URL('./worker.ts', import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  return new Worker(`require(${JSON.stringify(tsx)}).register();\nrequire(${JSON.stringify(source)});`, {
    ...options,
    eval: true,
  });
}

const builtHost = ['./host.js', '../host.js']
  .map((path) => fileURLToPath(new URL(path, import.meta.url)))
  .find((file) => existsSync(file));

/**
 * Starts the child process that hosts the handler's worker (host.ts): an empty environment, none
 * of the calling process's Node flags (`fork` would pass them on: `-e` would run the caller's
 * script again instead of the host, `--inspect` would take its port), no stdin, stdout and stderr
 * piped to the runner, an IPC channel. From the TypeScript sources, through tsx's loader
 * (`--import`, which child processes apply).
 */
export function startHost(): ChildProcess {
  const options: ForkOptions = {
    env: {},
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
  };
  if (builtHost) return fork(builtHost, [], options);
  const source = fileURLToPath(new URL('./host.ts', import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return fork(source, [], { ...options, execArgv: ['--import', tsx] });
}
