import { describe, expect, it } from 'vitest';
import { EXIT_CODES, runIntegration } from '../../../src/integrations/runner';
import { useIntegrationFolders } from './integration-folders';

const integration = useIntegrationFolders('memory');

describe('the memory limit covers what lives outside the heap', () => {
  it('4 × Buffer.alloc(256 MB) written to, under a 128 MB limit: OUT_OF_MEMORY, exit code 1', async () => {
    const dir = integration(`
      module.exports = async () => {
        const kept = [];
        for (let i = 0; i < 4; i++) {
          kept.push(Buffer.alloc(256 * 1024 * 1024, 1));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return kept.length;
      };`);
    const report = await runIntegration({ dir, timeout: 20_000, memoryLimitMb: 128 });
    expect(report.outcome).toBe('error');
    expect(report.error?.code).toBe('OUT_OF_MEMORY');
    expect(report.error?.message).toMatch(
      /^the handler ran out of memory \(limit 128 MB\): the handler's process grew by \d+ MB/,
    );
    expect(report.exitCode).toBe(EXIT_CODES.error);
  }, 30_000);

  it('a nested Worker filling its own memory: OUT_OF_MEMORY, exit code 1', async () => {
    const dir = integration(`
      const { Worker } = require('node:worker_threads');
      module.exports = () => new Promise((resolve, reject) => {
        const code = "const k = []; setInterval(() => k.push(Buffer.alloc(64 * 1024 * 1024, 1)), 20);";
        const nested = new Worker(code, { eval: true });
        nested.on('error', reject);
        setTimeout(() => resolve('survived'), 8000);
      });`);
    const report = await runIntegration({ dir, timeout: 20_000, memoryLimitMb: 128 });
    expect([report.outcome, report.error?.code, report.exitCode]).toEqual(['error', 'OUT_OF_MEMORY', EXIT_CODES.error]);
  }, 30_000);

  it('a handler within the limit is not stopped', async () => {
    const dir = integration(`module.exports = async () => Buffer.alloc(16 * 1024 * 1024, 1).length;`);
    const report = await runIntegration({ dir, timeout: 20_000, memoryLimitMb: 128 });
    expect([report.outcome, report.result]).toEqual(['ok', 16 * 1024 * 1024]);
  });
});

describe('signals', () => {
  it('process._kill(process.pid, 15) throws in the handler: the run fails, the runner lives', async () => {
    const dir = integration(`module.exports = async () => { process._kill(process.pid, 15); return 'alive?'; };`);
    const report = await runIntegration({ dir, timeout: 5000 });
    expect(report.outcome).toBe('error');
    expect(report.error?.message).toBe(
      'process.kill is not available to a handler (it runs on the platform, not on this machine)',
    );
  });
});
