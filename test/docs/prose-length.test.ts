// The docs read in short pieces: no paragraph, list item or table cell of README.md, CHANGELOG.md
// or docs/ runs past PIECE characters (docs/contributing.md, "How we write"). A table row that
// needs a paragraph becomes a short section instead. docs/PROTOCOL.md is the platform's contract,
// copied as it is, and is not held to it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownFiles, root } from './markdown';

const PIECE = 400;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ITEM = /^\s*(?:[-*+]|\d+\.) /;

/** Each piece of prose longer than `limit`: `<line>: <kind> of <length> characters`. */
function longPieces(text: string, limit = PIECE): string[] {
  const found: string[] = [];
  let paragraph: { line: number; text: string } | undefined;
  const end = () => {
    if (paragraph && paragraph.text.length > limit)
      found.push(`${paragraph.line}: paragraph of ${paragraph.text.length} characters`);
    paragraph = undefined;
  };
  let fenced = false;
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (FENCE.test(raw)) {
      end();
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const trimmed = raw.trim();
    if (trimmed.startsWith('|')) {
      end();
      for (const cell of trimmed.slice(1, -1).split(/(?<!\\)\|/)) {
        if (cell.trim().length > limit) found.push(`${line}: table cell of ${cell.trim().length} characters`);
      }
      return;
    }
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('<!--') || ITEM.test(raw)) end();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('<!--')) return;
    if (paragraph) paragraph.text += ` ${trimmed}`;
    else paragraph = { line, text: trimmed };
  });
  end();
  return found;
}

describe('the docs read in short pieces', () => {
  it('finds a long paragraph, a long list item and a long table cell, and lets code pass', () => {
    const long = 'word '.repeat(100).trim();
    const text = [
      'a'.repeat(250),
      'a'.repeat(250),
      '',
      `- ${long}`,
      '- short',
      `| a | ${long} |`,
      '```ts',
      `const s = '${long}';`,
      '```',
    ].join('\n');
    expect(longPieces(text)).toEqual([
      '1: paragraph of 501 characters',
      '4: paragraph of 501 characters',
      '6: table cell of 499 characters',
    ]);
  });

  it.each(
    markdownFiles()
      .filter((file) => file !== 'docs/PROTOCOL.md')
      .concat('CHANGELOG.md'),
  )('%s', (file) => {
    expect(longPieces(readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });
});
