// A handler that kills its own process: the command `svc-integration run` (from the sources, as
// its own process, with no test runner keeping its event loop alive) reports WORKER_EXITED and
// exits 1, every time. The end of the run must not wait on the host that is gone: a request to it
// fails (EPIPE) or is never answered, and a command whose loop empties exits before its report.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../../src/integrations/runner';
import { useIntegrationFolders } from './integration-folders';

const root = resolve(import.meta.dirname, '../../..');
const cli = resolve(root, 'src/integrations/runner/cli.ts');
const tsx = createRequire(import.meta.url).resolve('tsx');
const integration = useIntegrationFolders('killed');

const RUNS = 50;
const AT_ONCE = 2;

/** The command's exit code and output, from the sources through tsx's loader. */
async function svcIntegration(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', tsx, cli, ...args], {
      cwd: root,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const { code, stdout, stderr } = err as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('svc-integration run, a handler that kills its own process', () => {
  it(`reports WORKER_EXITED and exits 1, ${RUNS} runs in a row`, { timeout: 180_000 }, async () => {
    const dir = integration(`
      const { execSync } = require('node:child_process');
      module.exports = async () => {
        execSync('kill -TERM ' + process.pid);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        return 'alive?';
      };`);
    const outcomes: Array<{ code: number; stdout: string; stderr: string }> = [];
    for (let started = 0; started < RUNS; started += AT_ONCE) {
      const batch = Array.from({ length: Math.min(AT_ONCE, RUNS - started) }, () => svcIntegration('run', dir));
      outcomes.push(...(await Promise.all(batch)));
    }
    const summary = (o: (typeof outcomes)[number]) => ({
      code: o.code,
      stderr: o.stderr,
      kinds: o.stdout.split('\n').map((line) => line.split(' ')[0]),
      done: o.stdout.match(/^done\s+(.*?) in \d+ ms/m)?.[1],
    });
    const expected = {
      code: EXIT_CODES.error,
      stderr: '',
      kinds: ['boot', 'exception', 'done', ''],
      done: 'error (WORKER_EXITED)',
    };
    expect(outcomes.map(summary)).toEqual(Array.from({ length: RUNS }, () => expected));
    expect(outcomes[0].stdout).toMatch(/the handler's process ended \(signal SIGTERM\) before the handler finished/);
  });
});
