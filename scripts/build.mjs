#!/usr/bin/env node
// `npm run build`: declarations (and the type check) by tsc, then every bundle by rollup into a
// fresh folder, swapped in for dist/ at the end. A demo serving dist/ meanwhile keeps answering
// from the old build until the swap (two renames), never from a half-written one.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const next = join(root, '.tmp', 'dist-next');
const old = join(root, '.tmp', 'dist-old');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const step = (label, command, args, env = {}) => {
  const started = Date.now();
  process.stdout.write(`build: ${label}...`);
  try {
    execFileSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  } catch (error) {
    process.stdout.write(' failed\n');
    process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
    process.exit(1);
  }
  process.stdout.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
};

for (const dir of [next, old, join(root, 'build')]) rmSync(dir, { recursive: true, force: true });
step('types (tsc)', bin('tsc'), ['-p', 'tsconfig.build.json']);
step('bundles (rollup + esbuild)', bin('rollup'), ['-c', '--silent'], { SVC_OUT: next });
const dist = join(root, 'dist');
if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });
// The built packages import @svc/core by name, as they do once installed: inside this repository
// (tests and the demo run dist/ directly) the name resolves to dist/core through this link.
const link = join(root, 'node_modules', '@svc', 'core');
rmSync(link, { recursive: true, force: true });
mkdirSync(join(root, 'node_modules', '@svc'), { recursive: true });
symlinkSync(join('..', '..', 'dist', 'core'), link, 'dir');
console.log('build: dist/ ready');
