// @vitest-environment node
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockPlatform } from '../../../src/mock';
import { InvalidStateError } from '../../../src/mock/platform/state/format';
import { openJournal, readJournal } from '../../../src/mock/server/journal';
import { lockStateFile, StateLockedError } from '../../../src/mock/server/lock';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-journal-'));
  file = join(dir, 'state.jsonl');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A journal of a platform that took `n` stash sets of distinct keys. */
function journalOf(n: number) {
  const platform = createMockPlatform({ now: '2026-11-21T12:00:00Z' });
  const journal = openJournal(file, platform.snapshot());
  platform.onOperation((op) => journal.append(op, platform.snapshot));
  for (let i = 0; i < n; i++)
    platform.services.stash.kvSet({ trackingId: 'shop', level: 'public', key: `k${i}`, body: { data: `v${i}` } });
  return { platform, journal };
}

describe('the --state journal', () => {
  it('has the header on its first line and one operation per line, and reads back', () => {
    const { platform, journal } = journalOf(3);
    journal.close();
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(5); // header, 3 operations, ''
    expect(readJournal(file)).toEqual(platform.snapshot());
  });

  it('ignores a last record torn in the middle', () => {
    journalOf(3).journal.close();
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.slice(0, text.length - 20)); // the last line loses its end and its newline
    const state = readJournal(file)!;
    expect(state.operations.map((o) => (o.args[0] as { key: string }).key)).toEqual(['k0', 'k1']);
    expect(createMockPlatform({ state }).inspect.stash.snapshot('shop').public).toEqual({ k0: 'v0', k1: 'v1' });
  });

  it('refuses a corrupt record before the last one, naming the file and the line', () => {
    journalOf(2).journal.close();
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[1] = lines[1].slice(0, 10);
    writeFileSync(file, lines.join('\n'));
    expect(() => readJournal(file)).toThrow(InvalidStateError);
    expect(() => readJournal(file)).toThrow(`${file}: line 2 is not a journal record: the file is corrupt`);
  });

  it('refuses a file of an older version or another kind, naming the file, and leaves it as it was', () => {
    writeFileSync(file, '{"format":"svc-mock-state","version":0,"createdAt":1,"clock":"real","fixtures":false}\n');
    expect(() => readJournal(file)).toThrow(`${file}: state version 0 is not supported: this svc-mock reads version 1`);
    writeFileSync(file, '{\n  "name": "my-shop"\n}\n');
    expect(() => readJournal(file)).toThrow(file);
    expect(readFileSync(file, 'utf8')).toBe('{\n  "name": "my-shop"\n}\n');
  });

  it('a missing or empty file is a new state', () => {
    expect(readJournal(file)).toBeUndefined();
    writeFileSync(file, '');
    expect(readJournal(file)).toBeUndefined();
  });

  it('compacts overwritten stash values away, keeping the state', () => {
    const platform = createMockPlatform({ now: '2026-11-21T12:00:00Z' });
    const journal = openJournal(file, platform.snapshot());
    platform.onOperation((op) => journal.append(op, platform.snapshot));
    for (let i = 0; i < 1500; i++)
      platform.services.stash.kvSet({
        trackingId: 'shop',
        level: 'public',
        key: `k${i % 10}`,
        body: { data: `v${i}` },
      });
    journal.close();
    expect(journal.records()).toBe(10 + 500); // rewritten after 1,000 appends to the 10 live values, then 500 more
    const state = readJournal(file)!;
    expect(createMockPlatform({ state }).inspect.stash.snapshot('shop').public).toEqual(
      platform.inspect.stash.snapshot('shop').public,
    );
  });
});

describe('the state file lock', () => {
  it('is refused while another live process holds it, naming the file and the pid', () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(`${file}.lock`, String(holder.pid));
      expect(() => lockStateFile(file)).toThrow(StateLockedError);
      expect(() => lockStateFile(file)).toThrow(`${file} is in use by another svc-mock server (pid ${holder.pid}`);
      expect(readFileSync(`${file}.lock`, 'utf8')).toBe(String(holder.pid));
    } finally {
      holder.kill();
    }
  });

  it('takes over a stale lock (its process is gone) and releases it', () => {
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']);
    writeFileSync(`${file}.lock`, String(gone.stdout).trim());
    const release = lockStateFile(file);
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('an empty lock file (a crash while taking it) is stale', () => {
    appendFileSync(`${file}.lock`, '');
    lockStateFile(file)();
  });
});

describe('startMockServer with a state file', () => {
  it('an operation it cannot replay is refused, naming the file; the lock is released', async () => {
    const { startMockServer } = await import('../../../src/mock/server');
    writeFileSync(
      file,
      '{"format":"svc-mock-state","version":1,"createdAt":1,"clock":"frozen","fixtures":false}\n{"at":1,"op":"services.nope","args":[]}\n',
    );
    await expect(startMockServer({ port: 0, state: file })).rejects.toThrow(
      `${file}: operations[0]: unknown operation "services.nope"`,
    );
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});
