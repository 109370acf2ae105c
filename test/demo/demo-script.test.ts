// `npm run demo` (scripts/demo.mjs): a busy port fails at once in one line, before any build;
// the build is skipped when dist/ is newer than every source file.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { buildReason, outputs } from '../../scripts/demo.mjs';

const script = join(import.meta.dirname, '../../scripts/demo.mjs');

describe('npm run demo', () => {
  let busy: Server | undefined;
  let dir: string | undefined;
  afterEach(() => {
    busy?.close();
    busy = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('a busy port is one line on stderr and exit code 1, before any build', async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy!.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    const run = spawnSync(process.execPath, [script], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      `svc demo: port ${port} on 127.0.0.1 is already in use (another demo still running?): stop it, or set PORT to another port, e.g. PORT=${port + 1} npm run demo`,
    ]);
    expect(run.stdout).not.toContain('building');
  });

  it('a PORT that is no port number is one line too', () => {
    const run = spawnSync(process.execPath, [script], {
      env: { ...process.env, PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('svc demo: PORT must be a port number (0 to 65535), not "eighty"');
  });

  describe('buildReason', () => {
    const write = (root: string, file: string, seconds: number) => {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), 'x');
      utimesSync(join(root, file), seconds, seconds);
    };
    const tree = () => {
      dir = mkdtempSync(join(tmpdir(), 'svc-demo-'));
      write(dir, 'src/recommendations/index.ts', 1000);
      write(dir, 'demo/app.ts', 1000);
      write(dir, 'demo/demo.css', 1000);
      write(dir, 'package.json', 1000);
      for (const output of outputs as string[]) write(dir, output, 2000);
      return dir;
    };

    it('is undefined when every output is newer than every source file', () => {
      expect(buildReason(tree())).toBeUndefined();
    });

    it('names a missing output', () => {
      const root = tree();
      rmSync(join(root, 'dist/demo/app.js'));
      expect(buildReason(root)).toBe('dist/demo/app.js is missing');
    });

    it('names a source file changed since the oldest output', () => {
      const root = tree();
      write(root, 'src/recommendations/index.ts', 3000);
      expect(buildReason(root)).toBe('src/recommendations/index.ts changed since the last build');
    });

    it('ignores what the server sends as it is (demo/ styles, pages)', () => {
      const root = tree();
      write(root, 'demo/demo.css', 3000);
      expect(buildReason(root)).toBeUndefined();
    });
  });
});
