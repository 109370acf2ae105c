import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The paths among `paths` that another path equals but for case, grouped. */
function caseCollisions(paths: string[]): string[][] {
  const byLowerCase = new Map<string, string[]>();
  for (const path of paths) {
    const key = path.toLowerCase();
    byLowerCase.set(key, [...(byLowerCase.get(key) ?? []), path]);
  }
  return [...byLowerCase.values()].filter((group) => group.length > 1);
}

describe('tracked paths', () => {
  it('finds paths that differ only by case', () => {
    expect(caseCollisions(['docs/PROTOCOL.md', 'docs/protocol.md', 'docs/README.md'])).toEqual([
      ['docs/PROTOCOL.md', 'docs/protocol.md'],
    ]);
  });

  it('no two tracked paths differ only by case (macOS and Windows would keep one of them)', () => {
    const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(caseCollisions(tracked)).toEqual([]);
  });
});
