import { describe, expect, it } from 'vitest';
import { EXIT_CODES, runIntegration } from '../../../src/integrations/runner';
import { useIntegrationFolders } from './integration-folders';

const integration = useIntegrationFolders('isolation');

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
