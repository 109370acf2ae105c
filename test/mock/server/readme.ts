import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..', '..');

/** The testing guide's "mock platform as an HTTP server" section (docs/testing.md), between its markers. */
export function readmeSection(name: string): string {
  const text = readFileSync(join(root, 'docs', 'testing.md'), 'utf8');
  const start = text.indexOf(`<!-- ${name}:start -->`);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < start) throw new Error(`docs/testing.md has no ${name} section`);
  return text.slice(start, end);
}

/** Every `curl` line of the section's `sh` code blocks, in order. */
export function curlExamples(): string[] {
  const section = readmeSection('mock-server');
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  return blocks.flatMap((block) => block.split('\n').filter((line) => line.startsWith('curl ')));
}

/** The server-side rendering example: the only code block between its markers. */
export function ssrExample(): string {
  const match = /```js\n([\s\S]*?)```/.exec(readmeSection('mock-server-ssr'));
  if (!match) throw new Error('docs/testing.md: the mock-server-ssr section has no js block');
  return match[1];
}

export const distDir = join(root, 'dist');
