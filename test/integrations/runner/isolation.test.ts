// Issue 33, point 13: the handler runs in a child process started with an empty environment: its
// /proc/self/environ holds nothing of the runner's, its pid is not the runner's, and a signal it sends to its own pid
// ends its run, not the runner.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES, runIntegration } from '../../../src/integrations/runner';

let files: string;
let count = 0;
beforeAll(() => {
  files = mkdtempSync(join(tmpdir(), 'svc-isolation-'));
});
afterAll(() => rmSync(files, { recursive: true, force: true }));

function integration(source: string): string {
  const dir = join(files, `i${++count}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'integration.js'), source);
  return dir;
}

describe('the handler’s process', () => {
  it('has an empty environment (/proc/self/environ: only Node’s channel variables) and a pid of its own', async () => {
    process.env.SVC_RUNNER_ONLY = 'visible-to-the-runner-only';
    const dir = integration(`
      const { readFileSync } = require('node:fs');
      module.exports = async () => ({
        env: Object.keys(process.env).length,
        environ: readFileSync('/proc/self/environ', 'utf8'),
        pid: process.pid,
      });`);
    const report = await runIntegration({ dir, timeout: 10_000 });
    delete process.env.SVC_RUNNER_ONLY;
    const result = report.result as { env: number; environ: string; pid: number };
    expect(report.outcome).toBe('ok');
    expect(result.env).toBe(0);
    // Only the two variables Node sets for the runner's channel to the process (fork's IPC).
    const names = result.environ
      .split('\0')
      .filter(Boolean)
      .map((entry) => entry.split('=')[0]);
    expect(names.sort()).toEqual(['NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE']);
    expect(result.environ).not.toContain('visible-to-the-runner-only');
    expect(result.pid).not.toBe(process.pid);
  });

  it('kill -TERM of its own pid (through a child process) ends its run, and the runner lives', async () => {
    const dir = integration(`
      const { execSync } = require('node:child_process');
      module.exports = async () => {
        execSync('kill -TERM ' + process.pid);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        return 'alive?';
      };`);
    const report = await runIntegration({ dir, timeout: 10_000 });
    expect(report.outcome).toBe('error');
    expect(report.error?.code).toBe('WORKER_EXITED');
    expect(report.error?.message).toMatch(/signal SIGTERM/);
    expect(report.exitCode).toBe(EXIT_CODES.error);
  });
});
