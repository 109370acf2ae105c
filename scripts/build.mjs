#!/usr/bin/env node
// `npm run build`: declarations by tsc, then every bundle by rollup into a fresh folder, swapped in
// for dist/ at the end. A demo serving dist/ meanwhile keeps answering from the old build until the
// swap (two renames), never from a half-written one.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const next = join(root, '.tmp', 'dist-next');
const old = join(root, '.tmp', 'dist-old');
const bin = (name) => join(root, 'node_modules', '.bin', name);
/** Runs a command with its output held back unless it fails; resolves its duration in seconds. */
function run(label, command, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        console.log(`build: ${label}: ${seconds} s`);
        resolve();
      } else reject(new Error(`build: ${label} failed (exit code ${code})\n${output}`));
    });
  });
}

for (const dir of [next, old, join(root, 'build')]) rmSync(dir, { recursive: true, force: true });
console.log('build: declarations and bundles at once...');
try {
  // The code needs no types (esbuild transpiles); the declaration bundles need tsc's output. tsc
  // only emits (--noCheck): the type check is `npm run typecheck`'s, part of `npm test`.
  await Promise.all([
    run('declarations (tsc)', bin('tsc'), ['-p', 'tsconfig.build.json', '--noCheck']),
    run('code (rollup + esbuild)', bin('rollup'), ['-c', '--silent'], { SVC_OUT: next, SVC_PART: 'code' }),
  ]);
  await run('declarations (rollup-plugin-dts)', bin('rollup'), ['-c', '--silent'], {
    SVC_OUT: next,
    SVC_PART: 'types',
  });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const dist = join(root, 'dist');
if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });
// The built packages import @svc/core (and @svc/react @svc/recommendations) by name, as they do once
// installed: inside this repository (tests and the demo run dist/ directly) each name resolves to
// dist/<name> through a link.
mkdirSync(join(root, 'node_modules', '@svc'), { recursive: true });
for (const name of ['core', 'recommendations']) {
  const link = join(root, 'node_modules', '@svc', name);
  rmSync(link, { recursive: true, force: true });
  symlinkSync(join('..', '..', 'dist', name), link, 'dir');
}
console.log('build: dist/ ready');
