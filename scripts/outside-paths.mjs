// Finds what in the repository's code reads a path outside the repository: a stranger's clone has
// nothing beside it, so code, tests and scripts may only name files inside it. Used by
// `npm run check:structure`; test/scripts/outside-paths.test.ts holds each form to a case.
//
// The forms looked for, each resolved from the file that holds it:
// - a module specifier: `from '../x'`, `import('../x')`, `require('../x')`;
// - a file URL: `new URL('../x', import.meta.url)`;
// - a path from the file's folder: `join(import.meta.dirname, '..', 'x')` (also `resolve`, `__dirname`);
// - a shell script's `"$(dirname "$0")/../x"`;
// - the folder that only the team's machines have beside the clone, by its name (`shared`, and the
//   variable that once named it). Both are written in pieces here, so that this file names neither.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The folders and files whose text is code (the rest of the tree is docs and data). */
const CODE = /^(src|test|scripts|demo|examples|\.ci)\/|^[^/]+\.(m?[jt]s|cjs|json|jsonc)$/;
const EXTENSIONS = /\.(m?[jt]sx?|cjs|vue|sh)$|^\.ci\/run$/;
/** This check's own cases, which write each form on purpose. */
const CASES = 'test/scripts/outside-paths.test.ts';

const literal = String.raw`'([^'\n]*)'|"([^"\n]*)"|\x60([^\x60$\n]*)\x60`;
const FORMS = [
  {
    name: 'module specifier',
    pattern: new RegExp(String.raw`(?:\bfrom|\bimport\s*\(|\brequire\s*\()\s*(?:${literal})`, 'g'),
  },
  { name: 'file URL', pattern: new RegExp(String.raw`new URL\(\s*(?:${literal})\s*,\s*import\.meta\.url`, 'g') },
  { name: 'shell path', pattern: /\$\(dirname "\$0"\)\/((?:\.\.\/?)+[^"\s]*)/g },
];
const FROM_FOLDER =
  /\b(?:join|resolve)\(\s*(?:import\.meta\.dirname|__dirname)\s*((?:,\s*(?:'[^'\n]*'|"[^"\n]*")\s*)+)\)/g;
const NAMED = new RegExp(`\\.\\.[/\\\\]${'shared'}\\b|\\b${'SVC_'}SHARED\\b`, 'g');

const isOutside = (root, target) => {
  const path = relative(root, target);
  return path === '..' || path.startsWith(`..${sep}`);
};
const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/**
 * Each place in `text` (the file `file`, relative to `root`) that names a path outside `root`:
 * `{ file, line, form, path }`.
 */
export function outsidePaths(root, file, text) {
  const folder = dirname(join(root, file));
  const found = [];
  const check = (index, form, path) => {
    if (path.startsWith('.') && isOutside(root, resolve(folder, path)))
      found.push({ file, line: lineOf(text, index), form, path });
  };
  for (const { name, pattern } of FORMS) {
    for (const match of text.matchAll(pattern))
      check(
        match.index,
        name,
        match.slice(1).find((part) => part !== undefined),
      );
  }
  for (const match of text.matchAll(FROM_FOLDER)) {
    const parts = [...match[1].matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)].map((part) => part[1] ?? part[2]);
    check(match.index, 'path from its folder', join('.', ...parts));
  }
  for (const match of text.matchAll(NAMED))
    found.push({ file, line: lineOf(text, match.index), form: 'name', path: match[0] });
  return found;
}

/** Every such place in the repository's tracked code files (`git ls-files`). */
export function outsidePathsOf(root) {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => CODE.test(file) && EXTENSIONS.test(file) && file !== CASES);
  return files.flatMap((file) => outsidePaths(root, file, readFileSync(join(root, file), 'utf8')));
}
