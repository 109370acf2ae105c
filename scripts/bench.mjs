#!/usr/bin/env node
// `npm run bench [-- <name>...] [--write]`: runs every test/bench/*.bench.ts (or those whose name
// holds one of the names given) in its own Node process, so one bench's servers and heap do not
// colour another's, and prints a Markdown table per bench. A bench file default-exports
// `async () => Row[]`; see test/bench/types.ts. With `--write`, each bench that ran writes its
// table into docs/performance.md between its markers (scripts/bench-tables.mjs).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { benchTable, measuredOn, writeBetweenMarkers } from './bench-tables.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);
const dir = join(root, 'test', 'bench');
const args = process.argv.slice(2);
const write = args.includes('--write');
const only = args.filter((arg) => arg !== '--write');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
if (files.length === 0) {
  console.error(`bench: no test/bench/*.bench.ts matches ${only.join(', ')}`);
  process.exit(1);
}

const performancePage = join(root, 'docs', 'performance.md');
if (write) {
  // Every bench to write has its markers, checked before any runs (the load bench takes minutes).
  const text = readFileSync(performancePage, 'utf8');
  for (const file of files) writeBetweenMarkers(text, file.replace(/\.bench\.ts$/, ''), '');
}

const git = (...gitArgs) => execFileSync('git', gitArgs, { cwd: root, encoding: 'utf8' }).trim();
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
const run = {
  date: new Date().toISOString().slice(0, 10),
  machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  commit: `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' with uncommitted changes' : ''}`,
};

/** Each bench's name (its file's, less `.bench.ts`) and rows, in the order run. */
const results = [];
let failed = 0;
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  process.stderr.write(`bench: ${file} ...\n`);
  try {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--expose-gc', join(root, 'scripts', 'bench-one.mjs'), join(dir, file)],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const marker = out.lastIndexOf('\n@@rows ');
    results.push({ name, rows: JSON.parse(out.slice(marker + 8)) });
  } catch (error) {
    failed++;
    console.error(`bench: ${file} failed: ${String(error.message).split('\n')[0]}`);
  }
}

console.log(`\n${measuredOn(run)}`);
for (const { name, rows } of results) console.log(`\n### ${name}\n\n${benchTable(rows)}`);

if (write) {
  let text = readFileSync(performancePage, 'utf8');
  for (const { name, rows } of results)
    text = writeBetweenMarkers(text, name, `${measuredOn(run)}\n\n${benchTable(rows)}`);
  writeFileSync(performancePage, text);
  console.log(`\nbench: wrote ${results.map(({ name }) => name).join(', ')} into docs/performance.md`);
}
process.exitCode = failed ? 1 : 0;
