#!/usr/bin/env node
// Package checks on every dist package: publint, @arethetypeswrong/cli, then the consumer check:
// `npm pack` each package, install the tarballs into a temporary project, import every export
// in Node and type-check an import of each. Fails on the first broken package.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const dist = join(root, 'dist');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: 'inherit', ...opts });

const packages = readdirSync(dist)
  .filter((name) => existsSync(join(dist, name, 'package.json')))
  .map((name) => ({ dir: join(dist, name), manifest: JSON.parse(readFileSync(join(dist, name, 'package.json'), 'utf8')) }));
if (packages.length === 0) throw new Error('no packages in dist/: run `npm run build` first');

// `--consumer-only` runs just the consumer check (to debug it, or prove it catches a broken package).
const consumerOnly = process.argv.includes('--consumer-only');
for (const { dir, manifest } of consumerOnly ? [] : packages) {
  console.log(`\n== ${manifest.name}: publint`);
  run(bin('publint'), ['--strict', dir]);
  console.log(`== ${manifest.name}: are the types wrong?`);
  // The packages are ESM only by design (`type: module`, `import` conditions only): a CommonJS
  // `require` of them resolving to ESM is what we ship, not a problem to warn about on every run.
  // Every other rule still fails the check.
  run(bin('attw'), ['--pack', dir, '--profile', 'esm-only', '--ignore-rules', 'cjs-resolves-to-esm', '--format', 'table-flipped']);
}

// The consumer check.
const work = mkdtempSync(join(tmpdir(), 'svc-consumer-'));
try {
  const tarballs = packages.map(({ dir }) => {
    const out = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop();
    return join(work, out);
  });
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'svc-consumer', private: true, type: 'module' }));
  console.log(`\n== consumer: installing ${tarballs.length} tarballs into ${work}`);
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs, `msw@${readPkg('msw').version}`, `typescript@${readPkg('typescript').version}`, `@types/node@${readPkg('@types/node').version}`], { cwd: work });

  const specifiers = packages.flatMap(({ manifest }) =>
    Object.keys(manifest.exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`)),
  );
  const runtime = specifiers.map((s, i) => `import * as m${i} from '${s}';\nif (typeof m${i} !== 'object') throw new Error('${s}');`).join('\n');
  writeFileSync(join(work, 'import-all.mjs'), `${runtime}\nconsole.log('imported ${specifiers.length} entry points: ${specifiers.join(', ')}');\n`);
  console.log('== consumer: importing every entry point in Node');
  run('node', ['import-all.mjs'], { cwd: work });

  writeFileSync(join(work, 'types.ts'), specifiers.map((s, i) => `import * as t${i} from '${s}';\nexport type T${i} = typeof t${i};`).join('\n') + '\n');
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: ['node'], lib: ['es2022', 'dom'] }, files: ['types.ts'] }),
  );
  console.log('== consumer: type-checking an import of every entry point (nodenext)');
  run(join(work, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { cwd: work });
  console.log(`\npackage checks: ${packages.length} packages ok`);
} finally {
  if (!process.env.KEEP_CONSUMER) rmSync(work, { recursive: true, force: true });
}

function readPkg(name) {
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
}
