import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every option documents its default where it is declared, in one form: `@default <literal>`,
// optionally followed by a note in parentheses (`@default undefined (the page's tracker)`).
const FORM = /^(-?\d[\d_]*|true|false|\[(-?\d+(, -?\d+)*)?\]|\{\}|'[^']*'|undefined|null)( \(.+\))?$/s;
const root = join(__dirname, '..', '..');

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (path.endsWith('.ts')) yield path;
  }
}

/** `file:Interface.option` for every optional property of an exported `*Options` / `*Config` interface, with its `@default` text. */
function optionDefaults(): [string, string | undefined][] {
  const found: [string, string | undefined][] = [];
  for (const path of sources(join(root, 'src'))) {
    const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
    for (const statement of file.statements) {
      if (!ts.isInterfaceDeclaration(statement) || !/(Options|Config)$/.test(statement.name.text)) continue;
      if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const member of statement.members) {
        if (!ts.isPropertySignature(member) || !member.questionToken) continue;
        const tag = ts.getJSDocTags(member).find((t) => t.tagName.text === 'default');
        const text = typeof tag?.comment === 'string' ? tag.comment.replace(/\s+/g, ' ').trim() : undefined;
        found.push([`${relative(root, path)}:${statement.name.text}.${member.name.getText(file)}`, text]);
      }
    }
  }
  return found;
}

describe('option defaults', () => {
  const options = optionDefaults();

  it('finds the options of every client (the check reads what it should)', () => {
    const names = options.map(([name]) => name);
    expect(names).toContain('src/recommendations/types.ts:RecommendationsConfig.limit');
    expect(names).toContain('src/stash/options.ts:StashOptions.timeout');
    expect(names).toContain('src/tracker/options.ts:TrackerOptions.batchSize');
  });

  it('every optional option has `@default <literal>`, with an optional note in parentheses', () => {
    const wrong = options.filter(([, text]) => text === undefined || !FORM.test(text));
    expect(wrong).toEqual([]);
  });

  it('no doc comment in src/ states a default in prose ("Default: ...") instead', () => {
    const prose = [...sources(join(root, 'src'))].flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => /^\s*(\/\*\*|\*).*\bDefault[: ]/.test(line))
        .map((line) => `${relative(root, path)}: ${line.trim()}`),
    );
    expect(prose).toEqual([]);
  });
});
