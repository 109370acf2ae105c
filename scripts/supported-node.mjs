#!/usr/bin/env node
// Runs a command under a supported Node (22.12 or later), fetching one when the running Node is
// older. The npm registry serves Node itself as a package, `node-<platform>-<arch>` (the binary
// and nothing else, no install script), so a machine with only Node 20 gets a supported one the
// same way it gets everything else. It is kept in a git-ignored cache, .cache/node/<version>/.
//
//   node scripts/supported-node.mjs <command> [args...]                 the default line (PINNED.test)
//   node scripts/supported-node.mjs --node 22.23.3 <command> [args...]  exactly that version
//
// Without --node, a running Node that is already supported runs the command itself: nothing is
// fetched. With --node, that exact version runs it, fetched if needed (CI's matrix).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The lowest Node the suite, msw 3 and vitest 5 run on. */
export const FLOOR = [22, 12, 0];

/**
 * The exact versions we test on, one per supported line. `test` is the one `npm test` fetches
 * when the running Node is too old; CI runs the whole suite on it and the unit suite on the others.
 */
export const PINNED = { floor: '22.23.3', test: '24.21.0', latest: '26.10.0' };

/** Whether a `process.version`-style string is at or above {@link FLOOR}. */
export function isSupported(version) {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < FLOOR.length; i++) {
    if (parts[i] !== FLOOR[i]) return parts[i] > FLOOR[i];
  }
  return true;
}

/** The folder whose `node` is Node `version`, fetched into the cache when it is not there yet. */
export function nodeBinDir(version) {
  const home = join(root, '.cache', 'node', version);
  const binDir = join(home, 'bin');
  const node = join(binDir, 'node');
  if (existsSync(node)) return binDir;
  const pkg = `node-${process.platform}-${process.arch}`;
  console.log(`supported-node: fetching Node ${version} (npm package ${pkg}) into .cache/node/${version}`);
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  const install = spawnSync(
    'npm',
    ['install', '--prefix', home, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${version}`],
    { stdio: 'inherit' },
  );
  const binary = join(home, 'node_modules', pkg, 'bin', 'node');
  if (install.status !== 0 || !existsSync(binary)) {
    throw new Error(`could not install ${pkg}@${version} from the npm registry (npm exited ${install.status})`);
  }
  mkdirSync(binDir, { recursive: true });
  symlinkSync(binary, node);
  return binDir;
}

/** Runs `command` with `binDir` first on PATH (so `node`, `npm`, `npx` and tools use its Node). */
function run(command, binDir) {
  const env = binDir ? { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH}` } : process.env;
  if (binDir) delete env.npm_node_execpath;
  const child = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env });
  if (child.error) throw child.error;
  return child.status ?? 1;
}

function main(argv) {
  let version;
  if (argv[0] === '--node') {
    version = argv[1];
    argv = argv.slice(2);
    if (!/^\d+\.\d+\.\d+$/.test(version ?? '')) throw new Error('--node takes an exact version, such as 24.21.0');
  }
  if (argv.length === 0) throw new Error('usage: node scripts/supported-node.mjs [--node X.Y.Z] <command> [args...]');
  if (version === undefined && isSupported(process.version)) return run(argv);
  const why = version === undefined ? `Node ${process.version} is older than 22.12` : `--node ${version}`;
  version ??= PINNED.test;
  const binDir = nodeBinDir(version);
  console.log(`supported-node: ${why}; running \`${argv.join(' ')}\` under Node ${version}`);
  return run(argv, binDir);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(`supported-node: ${error.message}`);
    process.exitCode = 1;
  }
}
