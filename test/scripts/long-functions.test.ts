import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { functionsOf, longFunctions } from '../../scripts/long-functions.mjs';

type Found = { name: string; line: number; lines: number };
type Long = { id: string; line: number; lines: number; allowed?: string };

/** A function `name` whose body has `body` lines: `body + 2` lines in all. */
const fn = (name: string, body: number) => `function ${name}() {\n${'  call();\n'.repeat(body)}}\n`;

const dir = mkdtempSync(join(tmpdir(), 'long-functions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('functionsOf', () => {
  it('counts each function from its first line to its last, nested ones on their own too', () => {
    const text = `${fn('short', 3)}const arrow = () => {\n  const inner = function () {\n    return 1;\n  };\n  return inner;\n};\n`;
    const found: Found[] = functionsOf('x.ts', text);
    expect(found).toEqual([
      { name: 'short', line: 1, lines: 5 },
      { name: 'arrow', line: 6, lines: 6 },
      { name: 'inner', line: 7, lines: 3 },
    ]);
  });

  it('names methods, object properties and callbacks', () => {
    const text = 'class A {\n  run() {}\n}\nconst o = { go: () => 1 };\nlist.forEach((x) => x);\n';
    const names = (functionsOf('x.ts', text) as Found[]).map((f) => f.name);
    expect(names).toEqual(['run', 'go', '(callback of list.forEach)']);
  });
});

describe('longFunctions and the command line', () => {
  writeFileSync(join(dir, 'a.ts'), `${fn('fits', 58)}${fn('tooLong', 59)}`);

  it('lists only functions over the limit (60 lines: 61 is over, 60 is not)', () => {
    const long: Long[] = longFunctions(60, dir);
    expect(long.map((f) => [f.id.replace(/^.*\//, ''), f.lines])).toEqual([['a.ts:tooLong', 61]]);
  });

  it('exits 1 and prints the list when a function is over the limit, 0 when none is', () => {
    const over = spawnSync('node', ['scripts/long-functions.mjs', '--dir', dir], { encoding: 'utf8' });
    expect(over.status).toBe(1);
    expect(over.stdout).toMatch(/^ {2}61 lines {2}.*a\.ts:tooLong \(line 61\)$/m);
    const under = execFileSync('node', ['scripts/long-functions.mjs', '--dir', dir, '--max', '61'], {
      encoding: 'utf8',
    });
    expect(under).toBe('');
  });

  it('refuses a bad --max in one line, exit code 2', () => {
    const bad = spawnSync('node', ['scripts/long-functions.mjs', '--max', 'ten'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe('long-functions: --max needs a whole number of lines >= 1');
  });
});

describe('src/', () => {
  it('has no function over 60 lines besides the allowed ones (data tables, each with its reason)', () => {
    const unexpected = (longFunctions(60) as Long[]).filter((f) => !f.allowed);
    expect(unexpected).toEqual([]);
  });
});
