/**
 * Where the worker's code is: `./worker.js` beside this file in the built package; when running
 * from the TypeScript sources (the repository's tests), `./worker.ts` through tsx's CommonJS hook
 * (Node 20 applies neither `--import` nor `module.register` loader hooks inside worker threads).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** This folder (with a trailing separator): the runner's own code, in stacks. */
export const runnerDir = dirname(fileURLToPath(import.meta.url)) + sep;

export function startWorker(options: WorkerOptions): Worker {
  const built = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built, options);
  const source = fileURLToPath(new URL('./worker.ts', import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  return new Worker(`require(${JSON.stringify(tsx)}).register();\nrequire(${JSON.stringify(source)});`, { ...options, eval: true });
}
