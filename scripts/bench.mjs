#!/usr/bin/env node
// `npm run bench`: runs every test/bench/*.bench.ts in its own Node process (so one bench's
// servers and heap do not colour another's) and prints one Markdown table of the figures.
// A bench file default-exports `async () => Row[]`; see test/bench/types.ts.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const dir = join(root, 'test', 'bench');
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const rows = [];
let failed = 0;
for (const file of files) {
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
    rows.push(...JSON.parse(out.slice(marker + 8)));
  } catch (error) {
    failed++;
    rows.push({ bench: file, metric: 'FAILED', value: '', unit: '', note: String(error.message).split('\n')[0] });
  }
}

const date = new Date().toISOString().slice(0, 10);
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`\nBenchmarks, ${date}, ${machine}\n`);
console.log('| bench | metric | value | unit | note |');
console.log('|---|---|---:|---|---|');
for (const r of rows) console.log(`| ${r.bench} | ${r.metric} | ${r.value} | ${r.unit ?? ''} | ${r.note ?? ''} |`);
const compared = rows.filter((r) => r.compare);
if (compared.length) {
  console.log(
    `\nSide by side, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (same run, same collector)\n`,
  );
  console.log('| bench | metric | ours | peer | peer value | ours / peer | unit |');
  console.log('|---|---|---:|---|---:|---:|---|');
  for (const { bench, metric, unit, compare: c } of compared)
    console.log(`| ${bench} | ${metric} | ${c.ours} | ${c.peerName} | ${c.peer} | ${c.ratio} | ${unit ?? ''} |`);
}
process.exitCode = failed ? 1 : 0;
