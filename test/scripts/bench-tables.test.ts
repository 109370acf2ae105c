import { describe, expect, it } from 'vitest';
import { benchTable, measuredOn, writeBetweenMarkers } from '../../scripts/bench-tables.mjs';

describe('npm run bench: the tables it prints and writes', () => {
  it("prints a bench's rows as one table, and its side-by-side rows as a second", () => {
    const rows = [
      { bench: 'x', metric: 'a | b', value: 1.5, unit: 'ms', note: 'n' },
      { bench: 'x', metric: 'c', value: 2, unit: 'ms', compare: { ours: 2, peer: 4, peerName: 'Peer', ratio: 0.5 } },
    ];
    expect(benchTable(rows).split('\n')).toEqual([
      '| metric | value | unit | note |',
      '|---|---:|---|---|',
      '| a \\| b | 1.5 | ms | n |',
      '| c | 2 | ms |  |',
      '',
      'Side by side, in the same run:',
      '',
      '| metric | ours | peer | peer value | ours / peer | unit |',
      '|---|---:|---|---:|---:|---|',
      '| c | 2 | Peer | 4 | 0.5 | ms |',
    ]);
  });

  it('says where and when it measured, in one line', () => {
    expect(measuredOn({ date: '2026-12-02', machine: '2 × cpu, 24 GiB, Node v24', commit: 'abc1234' })).toBe(
      'Measured on 2026-12-02, 2 × cpu, 24 GiB, Node v24, commit `abc1234`.',
    );
  });

  it('replaces only what is between its markers', () => {
    const page =
      'intro\n<!-- bench:load -->\nold\n<!-- /bench:load -->\nafter\n<!-- bench:x -->\nkept\n<!-- /bench:x -->\n';
    expect(writeBetweenMarkers(page, 'load', 'new')).toBe(
      'intro\n<!-- bench:load -->\nnew\n<!-- /bench:load -->\nafter\n<!-- bench:x -->\nkept\n<!-- /bench:x -->\n',
    );
  });

  it('refuses a page without the markers, or with them twice', () => {
    expect(() => writeBetweenMarkers('no markers', 'load', 'new')).toThrow('<!-- bench:load -->');
    const twice = '<!-- bench:load -->\n<!-- /bench:load -->\n<!-- bench:load -->\n<!-- /bench:load -->';
    expect(() => writeBetweenMarkers(twice, 'load', 'new')).toThrow('single pair');
  });

  it('docs/performance.md has the markers of every bench', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const page = readFileSync('docs/performance.md', 'utf8');
    for (const file of readdirSync('test/bench').filter((name) => name.endsWith('.bench.ts'))) {
      expect(() => writeBetweenMarkers(page, file.replace(/\.bench\.ts$/, ''), '')).not.toThrow();
    }
  });
});
