// Reading the repository's Markdown for the docs tests: which files, their fenced code blocks
// (with the line each starts on) and the anchors their headings get on GitHub.
import { readdirSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname;

/** README.md and every Markdown file under docs/, as paths relative to the repository. */
export function markdownFiles(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found.map((path) => relative(root, join(root, path))).sort();
}

/** A fenced code block: its info string split in words (`ts runnable` -> ['ts', 'runnable']). */
export interface CodeBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  info: string[];
  code: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** The fenced code blocks of a Markdown text, in order. */
export function codeBlocks(file: string, text: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const [, fence, info] = open;
    const body: string[] = [];
    let j = i + 1;
    // Closed by a fence of the same character, at least as long, with nothing after it.
    while (j < lines.length && !new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(lines[j]))
      body.push(lines[j++]);
    blocks.push({ file, line: i + 1, info: info.trim().split(/\s+/).filter(Boolean), code: body.join('\n') + '\n' });
    i = j;
  }
  return blocks;
}

/**
 * The text with its fenced code blocks blanked, and its inline code spans unless `keepCode`
 * (lines kept, for line numbers).
 */
export function proseOf(text: string, keepCode = false): string {
  const lines = text.split('\n');
  let fence: string | undefined;
  return lines
    .map((line) => {
      const open = FENCE.exec(line);
      if (fence) {
        if (new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(line)) fence = undefined;
        return '';
      }
      if (open) {
        fence = open[1];
        return '';
      }
      return keepCode ? line : line.replace(/(`+)[\s\S]*?\1/g, '');
    })
    .join('\n');
}

/**
 * A heading's anchor as GitHub makes it (github-slugger): the heading's text, lower case, with
 * punctuation and symbols removed (letters, digits, `_`, `-` and spaces stay) and each space a `-`.
 */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .replace(/`/g, '')
    .replace(/(\*\*|__|\*|_)(\S(?:[\s\S]*?\S)?)\1/g, '$2'); // emphasis
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor of a Markdown text: its headings' slugs (repeats get `-1`, `-2`...) and `<a id/name>`. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const line of proseOf(text, true).split('\n')) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      found.add(count ? `${base}-${count}` : base);
    }
    for (const match of line.matchAll(/<a\s+(?:[^>]*\s)?(?:id|name)="([^"]+)"/g)) found.add(match[1]);
  }
  return found;
}

/** A link of a Markdown file that does not lead where it says. */
export interface BrokenLink {
  file: string;
  line: number;
  target: string;
  problem: string;
}

/**
 * The relative links of `file` (Markdown links, images, reference definitions, HTML `href` and
 * `src`; not inside code) that point at no file, or at a heading that the Markdown file they name
 * does not have. `read` returns a file's text, `null` for a folder, `undefined` when there is none.
 */
export function brokenLinks(
  file: string,
  text: string,
  read: (path: string) => string | null | undefined,
): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const lines = proseOf(text).split('\n');
  const patterns = [
    /!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g,
    /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g,
    /\b(?:href|src)="([^"]*)"/g,
  ];
  lines.forEach((line, index) => {
    for (const pattern of patterns) {
      for (const [, target] of line.matchAll(pattern)) {
        const problem = checkTarget(file, text, target, read);
        if (problem) broken.push({ file, line: index + 1, target, problem });
      }
    }
  });
  return broken;
}

function checkTarget(
  file: string,
  text: string,
  target: string,
  read: (path: string) => string | null | undefined,
): string | undefined {
  if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined; // absolute URL, mailto:
  const hash = target.indexOf('#');
  const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const fragment = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
  let targetText: string | null | undefined = text;
  let targetPath = file;
  if (pathPart) {
    if (pathPart.startsWith('/')) return 'an absolute path: links are relative to the file';
    targetPath = posix.normalize(posix.join(posix.dirname(file), pathPart.split('?')[0]));
    if (targetPath.startsWith('..')) return 'points outside the repository';
    targetText = read(targetPath);
    if (targetText === undefined) return `no file ${targetPath}`;
  }
  if (fragment === undefined || fragment === '') return undefined;
  if (targetText === null || !targetPath.endsWith('.md')) {
    // GitHub's line anchors of a source file (#L10, #L10-L20); nothing else is checkable.
    return /^L\d+(-L\d+)?$/.test(fragment) ? undefined : `#${fragment} in ${targetPath}, which has no headings`;
  }
  return anchors(targetText).has(fragment.toLowerCase()) ? undefined : `no heading #${fragment} in ${targetPath}`;
}
