// A handler that kills its own process: the command `svc-integration run` (built, as customers run
// it, as its own process with no test runner keeping its event loop alive) reports WORKER_EXITED
// and exits 1, every time. The end of the run must not wait on the host that is gone: a request to
// it fails (EPIPE) or is never answered, and a command whose loop empties exits before its report.
import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../../src/integrations/runner';
import { requireBuiltCli, svcIntegration } from './built-cli';
import { useIntegrationFolders } from './integration-folders';

const integration = useIntegrationFolders('killed');

const RUNS = 50;
const AT_ONCE = 2;

beforeAll(requireBuiltCli);

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
