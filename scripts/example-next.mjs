#!/usr/bin/env node
// `npm run example:next`, and a step of .ci/run after `npm test`: examples/next/ (a Next.js 16 shop)
// built and run as a customer would, then checked in Chromium (examples/next/e2e/shop.spec.ts).
// 1. installs its dependencies: the built packages of dist/ (`file:` links installed as copies, see
//    examples/next/.npmrc) and next, react, react-dom, Playwright at the exact versions its package.json names;
// 2. `next build`;
// 3. starts `svc-mock serve` (the example's own install) allowing the shop's origin, and `next start`
//    pointed at it (SVC_ENDPOINT), each on a free port of 127.0.0.1;
// 4. runs the example's Playwright test, with this script's arguments (`--repeat-each 20`);
// 5. stops both servers, also when a step fails or the run is interrupted.
// dist/ must be built (`npm test` builds it; `npm run example:next` runs `npm run build` first).
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);
const example = join(root, 'examples', 'next');
/** The packages the example installs from dist/ (its package.json's `file:` links). */
const BUILT = ['core', 'experiences', 'mock', 'proxy', 'react', 'recommendations'];
/** How long a server may take to answer its first request. */
const READY_MS = 30_000;
/** How long a server may take to exit after SIGTERM before it gets SIGKILL. */
const STOP_MS = 5_000;

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
/** A bin of the example's own install, run by this Node (the bins' `#!/usr/bin/env node` may be an older one). */
const bin = (name) => [process.execPath, join(example, 'node_modules', '.bin', name)];
/** The servers started, stopped in `stopServers` whatever happens. */
const servers = [];

/** Runs a command to its end with its output shown; rejects on a non-zero exit. */
function run(label, [command, ...args], options = {}) {
  const started = Date.now();
  console.log(`example-next: ${label}`);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: example, env, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        console.log(`example-next: ${label}: ${seconds} s`);
        resolvePromise();
      } else reject(new Error(`example-next: ${label} failed (${signal ?? `exit code ${code}`}) after ${seconds} s`));
    });
  });
}

/**
 * Starts a server in a process group of its own (so stopping it stops what it started), its output
 * shown with `label`; resolves once `ready` (given its output so far) resolves a URL. Rejects when it
 * exits first or is not ready in time.
 */
function startServer(label, [command, ...args], ready, extraEnv = {}) {
  const child = spawn(command, args, {
    cwd: example,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  servers.push({ label, child });
  let output = '';
  const show = (chunk) => {
    output += chunk;
    for (const line of String(chunk).split('\n').filter(Boolean)) console.log(`[${label}] ${line}`);
  };
  child.stdout.on('data', show);
  child.stderr.on('data', show);
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`example-next: ${label} not ready in ${READY_MS} ms`)), READY_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`example-next: ${label} exited (${signal ?? `exit code ${code}`}) before it was ready`));
    });
    const poll = async () => {
      const url = await ready(output).catch(() => undefined);
      if (url) {
        clearTimeout(timer);
        resolvePromise(url);
      } else if (child.exitCode === null && child.signalCode === null) setTimeout(poll, 100);
    };
    void poll();
  });
}

/** Stops every server started: SIGTERM to its process group, SIGKILL after STOP_MS. */
async function stopServers() {
  await Promise.all(
    servers.splice(0).map(
      ({ child }) =>
        new Promise((resolvePromise) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolvePromise();
          const signal = (name) => {
            try {
              process.kill(-child.pid, name);
            } catch {
              // the group is gone already
            }
          };
          const timer = setTimeout(() => signal('SIGKILL'), STOP_MS);
          child.once('exit', () => {
            clearTimeout(timer);
            resolvePromise();
          });
          signal('SIGTERM');
        }),
    ),
  );
}

/** The URL once `url` answers HTTP 200. */
async function answers(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  await response.body?.cancel();
  return response.ok ? url : undefined;
}

async function main(testArgs) {
  const missing = BUILT.filter((name) => !existsSync(join(root, 'dist', name, 'package.json')));
  if (missing.length > 0)
    throw new Error(`example-next: dist/ lacks ${missing.join(', ')}: run \`npm run build\` first`);
  await run('Chromium', [process.execPath, join(root, 'scripts', 'ensure-browsers.mjs'), 'chromium']);
  // The copies of the built packages go first, so that npm installs this build's, not an earlier one's.
  rmSync(join(example, 'node_modules', '@svc'), { recursive: true, force: true });
  await run('npm install', ['npm', 'install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']);
  await run('next build', [...bin('next'), 'build']);

  const shopPort = await freePort();
  const shop = `http://127.0.0.1:${shopPort}`;
  const mock = await startServer(
    'svc-mock',
    [...bin('svc-mock'), 'serve', '--port', '0', '--allow-origin', shop],
    async (output) => /serving the mock platform on (http:\/\/\S+)/.exec(output)?.[1],
  );
  await startServer(
    'next',
    [...bin('next'), 'start', '--port', String(shopPort), '--hostname', '127.0.0.1'],
    // The product page answers once the server is up: its first render is done before the tests start.
    () => answers(`${shop}/product/p001`),
    { SVC_ENDPOINT: mock },
  );
  await run('Playwright', [...bin('playwright'), 'test', ...testArgs], {
    env: { ...env, SHOP_URL: shop, SVC_ENDPOINT: mock },
  });
}

const started = Date.now();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`example-next: ${signal}: stopping the servers`);
    void stopServers().then(() => process.exit(130));
  });
}
try {
  await main(process.argv.slice(2));
  console.log(`example-next: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await stopServers();
}
