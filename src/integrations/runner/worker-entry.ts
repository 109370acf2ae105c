/**
 * Where the worker's code is: `worker.js` at the root of the built package (this code may sit in
 * runner.js beside it or in a shared chunk under chunks/); when running from the TypeScript
 * sources (the repository's tests), `./worker.ts` through tsx's CommonJS hook (Node 20 applies
 * neither `--import` nor `module.register` loader hooks inside worker threads).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
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
