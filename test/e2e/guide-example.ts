// The testing guide's Playwright example as a spec of the e2e suite: playwright.config.ts writes it
// to test/e2e/generated/ before the specs are collected, its `@svc/mock/playwright` import
// resolved to the sources. check-packages.mjs runs the same example against the packed package.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { guideExample } from '../../scripts/guide-example.mjs';

/** Writes the example as test/e2e/generated/testing-guide.spec.ts; returns its path. */
export function writeGuideExample(): string {
  const dir = join(import.meta.dirname, 'generated');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'testing-guide.spec.ts');
  const sources = relative(dir, join(import.meta.dirname, '..', '..', 'src', 'mock', 'playwright'));
  const code = guideExample().replace("from '@svc/mock/playwright'", `from '${sources}'`);
  writeFileSync(file, `// Generated from docs/testing.md by test/e2e/guide-example.ts: edit the guide.\n${code}`);
  return file;
}
