// The testing guide's Playwright example (docs/testing.md, between its playwright-example markers)
// as a spec of the e2e suite: playwright.config.ts writes it to test/e2e/generated/ before the
// specs are collected, its `@svc/mock/playwright` import resolved to the sources.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** The example's code, exactly as the guide shows it. */
export function guideExample(): string {
  const text = readFileSync(join(root, 'docs', 'testing.md'), 'utf8');
  const match = /<!-- playwright-example:start -->\n```ts[^\n]*\n([\s\S]*?)```\n<!-- playwright-example:end -->/.exec(
    text,
  );
  if (!match) throw new Error('docs/testing.md has no playwright-example block');
  return match[1];
}

/** Writes the example as test/e2e/generated/testing-guide.spec.ts; returns its path. */
export function writeGuideExample(): string {
  const dir = join(root, 'test', 'e2e', 'generated');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'testing-guide.spec.ts');
  const code = guideExample().replace("from '@svc/mock/playwright'", "from '../../../src/mock/playwright'");
  writeFileSync(file, `// Generated from docs/testing.md by test/e2e/guide-example.ts: edit the guide.\n${code}`);
  return file;
}
