import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Row, round } from './types';

// `svc-mock serve` as a child process (the built bin), driven over loopback by this process with
// 16 requests in flight: stash sets per second and events accepted per second, in memory and
// with `--state` (every write journaled and fsynced before its answer; one fsync per group).
const CONCURRENCY = 16;
const SETS = 2000;
const BATCHES = 400;
const EVENTS_PER_BATCH = 10;
const cli = resolve('dist/mock/cli.js');

function start(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--no-fixtures', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /serving the mock platform on (http:\/\/\S+)/.exec(out);
      if (match) done({ child, url: match[1] });
    });
    child.on('exit', (code) => fail(new Error(`svc-mock exited with ${code}`)));
  });
}

/** Runs `count` requests, CONCURRENCY at a time; returns requests per second. */
async function rate(count: number, request: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await request(next++);
    }),
  );
  return count / ((performance.now() - begin) / 1000);
}

async function measure(url: string): Promise<{ sets: number; events: number }> {
  const sets = await rate(SETS, async (i) => {
    const reply = await fetch(`${url}/stash/v1.1/kv/set/bench/public/key-${i}`, {
      method: 'POST',
      body: JSON.stringify({ data: `value ${i}` }),
    });
    if ((await reply.json()).status !== 200) throw new Error('stash set refused');
  });
  const batches = await rate(BATCHES, async (b) => {
    const events = Array.from({ length: EVENTS_PER_BATCH }, (_, i) => ({
      meta: { id: `e-${b}-${i}`, type: 'ecView', ts: Date.now(), visitorId: 'v', pageViewId: 'pv', seq: i, url: '/' },
      data: { type: 'home', language: 'en', country: 'GB', currency: 'GBP' },
    }));
    const reply = await fetch(`${url}/events/v1/bench`, {
      method: 'POST',
      body: JSON.stringify({ sentAt: Date.now(), events }),
    });
    if ((await reply.json()).accepted !== EVENTS_PER_BATCH) throw new Error('events refused');
  });
  return { sets, events: batches * EVENTS_PER_BATCH };
}

export default async function (): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-mock-bench-'));
  const rows: Row[] = [];
  try {
    for (const [label, args] of [
      ['in memory', []],
      ['with --state', ['--state', join(dir, 'state.jsonl')]],
    ] as const) {
      const { child, url } = await start([...args]);
      try {
        const { sets, events } = await measure(url);
        const note = `svc-mock serve over loopback, ${CONCURRENCY} requests in flight`;
        rows.push({
          bench: 'mock server',
          metric: `stash sets, ${label}`,
          value: round(sets, 0),
          unit: 'per s',
          note: `${SETS} sets; ${note}`,
        });
        rows.push({
          bench: 'mock server',
          metric: `events accepted, ${label}`,
          value: round(events, 0),
          unit: 'per s',
          note: `${BATCHES} batches of ${EVENTS_PER_BATCH}; ${note}`,
        });
      } finally {
        child.kill('SIGTERM');
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
