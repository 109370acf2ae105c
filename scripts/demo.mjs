#!/usr/bin/env node
// `npm run demo`: takes the port first (a busy one fails at once, in one line), builds only when
// dist/ is missing or older than a source file, then serves the demo and prints the URL. It says
// what it is doing at each step.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** What the demo serves from the build: without all of them there is nothing to serve. */
export const outputs = ['dist/svc.min.js', 'dist/demo/mock.js', 'dist/demo/app.js'];
/** What the build reads: source folders (every file in them) and single files. */
export const sources = [
  'src',
  'demo',
  'rollup.config.mjs',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
];
/** Served as they are from demo/ (not built), so they never make the build stale. */
const servedAsIs = /\.(html|css|js)$/;

/** Every file under `path` (or `path` itself), with its modification time. */
function* files(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return;
  }
  if (!info.isDirectory()) yield { path, mtimeMs: info.mtimeMs };
  else for (const name of readdirSync(path)) yield* files(join(path, name));
}

/**
 * Why the demo needs a build under `root`, or undefined when every output is newer than every
 * source file.
 */
export function buildReason(root = here) {
  const missing = outputs.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  const oldest = Math.min(...outputs.map((output) => statSync(join(root, output)).mtimeMs));
  for (const source of sources) {
    for (const file of files(join(root, source))) {
      if (source === 'demo' && servedAsIs.test(file.path)) continue;
      if (file.mtimeMs > oldest) return `${relative(root, file.path)} changed since the last build`;
    }
  }
  return undefined;
}

/** Runs `npm run build` with its output shown; resolves when it succeeded. */
function build(root) {
  return new Promise((resolvePromise, reject) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const child = spawn(npm, ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    // Stopped while building (Ctrl+C, kill): the build stops too, not left running on its own.
    const stop = (signal) => {
      child.kill(signal);
      process.exit(1);
    };
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, stop);
    child.on('error', reject);
    child.on('exit', (code) => {
      for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, stop);
      if (code === 0) resolvePromise();
      else reject(new Error(`the build failed (exit code ${code}); its output is above`));
    });
  });
}

async function main() {
  const say = (line) => console.log(`svc demo: ${line}`);
  const { address, listen, urlOf } = await import('./demo-server.mjs');
  const { port, host } = address();
  say(`taking port ${port} on ${host}…`);
  await listen(port, host);
  const reason = buildReason();
  if (reason) {
    say(`building (${reason})…`);
    const started = Date.now();
    await build(here);
    say(`built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } else say('dist/ is newer than every source file: not rebuilding (npm run build forces it).');
  say(`serving demo/ and dist/ at ${urlOf(host, port)}  (Ctrl+C stops)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(`svc demo: ${error.message}`);
    process.exit(1);
  });
}
