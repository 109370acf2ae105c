import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every option documents its default where it is declared, in one form: `@default <literal>` and nothing after it.
// What the default means (`undefined`: the page's tracker) is said in the doc comment's text above the tag.
const FORM = /^(-?\d[\d_]*|true|false|\[(-?\d+(, -?\d+)*)?\]|\{\}|'[^']*'|undefined|null)$/;
const root = join(__dirname, '..', '..');

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (path.endsWith('.ts')) yield path;
  }
}

/** A `@default` tag's text, its whitespace runs made single spaces. */
function tagText(tag: ts.JSDocTag): string {
  return (ts.getTextOfJSDocComment(tag.comment) ?? '').replace(/\s+/g, ' ').trim();
}

/** The syntax tree of a source file, its doc comments included. */
function parse(path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
}

/**
 * `file:Interface` of every exported `*Options` / `*Config` interface, and `file:Interface.option` for each of its
 * optional properties, with its `@default` text.
 */
function optionDefaults(): { interfaces: string[]; options: [string, string | undefined][] } {
  const interfaces: string[] = [];
  const options: [string, string | undefined][] = [];
  for (const path of sources(join(root, 'src'))) {
    const file = parse(path);
    for (const statement of file.statements) {
      if (!ts.isInterfaceDeclaration(statement) || !/(Options|Config)$/.test(statement.name.text)) continue;
      if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      interfaces.push(`${relative(root, path)}:${statement.name.text}`);
      for (const member of statement.members) {
        if (!ts.isPropertySignature(member) || !member.questionToken) continue;
        const tag = ts.getJSDocTags(member).find((t) => t.tagName.text === 'default');
        const text = tag === undefined ? undefined : tagText(tag);
        options.push([`${relative(root, path)}:${statement.name.text}.${member.name.getText(file)}`, text]);
      }
    }
  }
  return { interfaces, options };
}

/** `file:line` and text of every `@default` tag in src/, wherever it is (options, props, records, fixtures). */
function everyDefaultTag(): [string, string][] {
  const found: [string, string][] = [];
  for (const path of sources(join(root, 'src'))) {
    const file = parse(path);
    const visit = (node: ts.Node): void => {
      for (const tag of ts.getJSDocTags(node)) {
        // getJSDocTags also gives a parameter its function's tags: each tag is taken at its own comment's node.
        if (tag.tagName.text !== 'default' || tag.parent.parent !== node) continue;
        const line = file.getLineAndCharacterOfPosition(tag.getStart(file)).line + 1;
        found.push([`${relative(root, path)}:${line}`, tagText(tag)]);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

describe('option defaults', () => {
  const { interfaces, options } = optionDefaults();

  it('finds the options of every client (the check reads what it should)', () => {
    const names = options.map(([name]) => name);
    expect(names).toContain('src/recommendations/types.ts:RecommendationsConfig.limit');
    expect(names).toContain('src/stash/options.ts:StashOptions.timeout');
    expect(names).toContain('src/tracker/options.ts:TrackerOptions.batchSize');
  });

  it('reads every exported *Options / *Config interface that a plain text search finds', () => {
    const declared = [...sources(join(root, 'src'))].flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/^export interface (\w+(?:Options|Config))\b/gm)].map(
        ([, name]) => `${relative(root, path)}:${name}`,
      ),
    );
    expect(declared.length).toBeGreaterThan(15);
    expect(interfaces.sort()).toEqual(declared.sort());
  });

  it('every optional option has `@default <literal>`, nothing after the literal', () => {
    const wrong = options.filter(([, text]) => text === undefined || !FORM.test(text));
    expect(wrong).toEqual([]);
  });

  it('every `@default` tag in src/ gives a literal alone, its meaning in the text above it', () => {
    const tags = everyDefaultTag();
    expect(tags.length).toBeGreaterThan(options.length);
    expect(tags.filter(([, text]) => !FORM.test(text))).toEqual([]);
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
