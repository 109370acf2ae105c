// Integration folders written by a test: each an integration.js with the given source, in one
// temporary folder per test file, removed after the file's tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** Installs the folder's hooks for this test file; returns the function that writes one integration. */
export function useIntegrationFolders(prefix: string): (source: string) => string {
  let files: string;
  let count = 0;
  beforeAll(() => {
    files = mkdtempSync(join(tmpdir(), `svc-${prefix}-`));
  });
  afterAll(() => rmSync(files, { recursive: true, force: true }));
  /** A folder holding an integration.js with `source`. */
  return (source: string) => {
    const dir = join(files, `i${++count}`);
    mkdirSync(dir);
    writeFileSync(join(dir, 'integration.js'), source);
    return dir;
  };
}
