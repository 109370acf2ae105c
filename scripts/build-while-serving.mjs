#!/usr/bin/env node
// `npm run check:build-while-serving` (a step of `.ci/run`, after `npm test`): the README gives
// `npm run demo` and `npm test` together, and `npm test` builds while a demo may be serving. The
// build writes into a fresh folder and swaps it in (scripts/build.mjs), so the running demo never
// answers 404: this starts the demo server over the current build, runs a whole build, and asks
// for what a page loads until the build has finished. It needs a build to serve first.
// It runs outside `npm test`: a second whole build takes a minute of both cores' time there.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

const root = new URL('..', import.meta.url).pathname;
const PATHS = ['/dist/svc.min.js', '/dist/demo/app.js', '/dist/demo/mock.js', '/'];
/** Fewer requests than this during a whole build would mean the loop did not run while it did. */
const LEAST_REQUESTS = 20;

/** Resolves once `url` answers, or rejects after `ms`. */
async function answering(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`the demo server did not answer at ${url} within ${ms} ms`);
}

if (!existsSync(join(root, 'dist', 'svc.min.js'))) {
  console.error('build-while-serving: no build to serve: run `npm run build` first');
  process.exit(1);
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, 'scripts', 'demo-server.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(port) },
  stdio: 'ignore',
});
try {
  await answering(`${base}/`, 10_000);
  const build = spawn(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'ignore' });
  /** The build's exit code, once it has exited. */
  let code;
  const finished = new Promise((resolve) =>
    build.on('close', (exitCode) => {
      code = exitCode;
      resolve();
    }),
  );
  const failures = [];
  let requests = 0;
  while (code === undefined) {
    for (const path of PATHS) {
      const response = await fetch(base + path);
      await response.arrayBuffer();
      requests += 1;
      if (!response.ok) failures.push(`${path}: HTTP ${response.status}`);
    }
  }
  await finished;
  const problems = [
    ...(code === 0 ? [] : [`the build failed (exit code ${code})`]),
    ...(requests < LEAST_REQUESTS ? [`only ${requests} requests during the build (at least ${LEAST_REQUESTS})`] : []),
    ...(failures.length ? [`${failures.length} of ${requests} requests failed, the first: ${failures[0]}`] : []),
  ];
  if (problems.length) {
    console.error(`build-while-serving: ${problems.join('; ')}`);
    process.exitCode = 1;
  } else console.log(`build-while-serving: ${requests} requests during a whole build, every one answered`);
} finally {
  server.kill();
}
