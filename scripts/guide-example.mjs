// The testing guide's @svc/mock/playwright example (docs/testing.md, between its
// playwright-example markers), exactly as written: what the e2e suite (playwright.config.ts) and
// the consumer check (check-packages.mjs) both run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** The example's code. Throws when the guide has no such block. */
export function guideExample() {
  const text = readFileSync(join(root, 'docs', 'testing.md'), 'utf8');
  const match = /<!-- playwright-example:start -->\n```ts[^\n]*\n([\s\S]*?)```\n<!-- playwright-example:end -->/.exec(
    text,
  );
  if (!match) throw new Error('docs/testing.md has no playwright-example block');
  return match[1];
}
