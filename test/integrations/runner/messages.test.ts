import { describe, expect, it } from 'vitest';
import { EXIT_CODES, runIntegration } from '../../../src/integrations/runner';
import { workerMessageProblem } from '../../../src/integrations/runner/message-check';
import { useIntegrationFolders } from './integration-folders';

const integration = useIntegrationFolders('messages');
const run = (source: string) => runIntegration({ dir: integration(source), timeout: 5000 });

describe('the handler cannot forge the runner’s messages', () => {
  it('a "done ok" posted on parentPort, then a throw: the run failed (HANDLER_THREW, exit 1), no forged result', async () => {
    const report = await run(`
      const { parentPort } = require('node:worker_threads');
      module.exports = async () => {
        parentPort.postMessage({ type: 'done', phase: 'handler', ok: true, json: '"forged"', durationMs: 1 });
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('the real outcome');
      };`);
    expect(report.outcome).toBe('error');
    expect(report.error?.code).toBe('HANDLER_THREW');
    expect(report.exitCode).toBe(EXIT_CODES.error);
    expect(report.result).toBeUndefined();
  });

  it.each([
    ['a log line whose text is not a string', { type: 'log', level: 'log', text: { not: 'text' } }],
    ['a done with invalid JSON', { type: 'done', phase: 'handler', ok: true, json: '{not json', durationMs: 1 }],
    ['an http-start with an object URL', { type: 'http-start', id: 1, method: 'GET', url: { href: 'x' } }],
  ])('%s posted on parentPort: ignored, the run ends as the handler does (ok)', async (_name, message) => {
    const report = await run(`
      const { parentPort } = require('node:worker_threads');
      module.exports = async () => {
        parentPort.postMessage(${JSON.stringify(message)});
        await new Promise((resolve) => setTimeout(resolve, 50));
        return 'real';
      };`);
    expect([report.outcome, report.result, report.exitCode]).toEqual(['ok', 'real', EXIT_CODES.ok]);
  });

  it('the runner’s channel is not in workerData once the handler runs', async () => {
    const report = await run(`
      const { workerData } = require('node:worker_threads');
      module.exports = async () => Object.keys(workerData).includes('channel');`);
    expect(report.result).toBe(false);
  });
});

describe('a message outside messages.ts on the runner’s channel ends the run with exit code 70', () => {
  it('a result that is not JSON (the handler replaced JSON.stringify): INVALID_MESSAGE, exit 70, a runner line', async () => {
    const report = await run(`
      module.exports = async () => {
        JSON.stringify = () => '{not json';
        return 1;
      };`);
    expect(report.outcome).toBe('error');
    expect(report.error).toMatchObject({
      code: 'INVALID_MESSAGE',
      message: expect.stringContaining('invalid message.json'),
    });
    expect(report.exitCode).toBe(EXIT_CODES.internal);
    expect(report.logs.at(-1)?.text).toMatch(/^error \(INVALID_MESSAGE\)/);
  });

  it.each<[string, unknown, string]>([
    ['a log text that is not a string', { type: 'log', level: 'log', text: 5 }, 'invalid message.text'],
    ['a log level unknown', { type: 'log', level: 'trace', text: 'x' }, 'invalid message.level'],
    [
      'a done with invalid JSON',
      { type: 'done', phase: 'handler', ok: true, json: '{', durationMs: 1 },
      'invalid message.json',
    ],
    ['an http-start with an object URL', { type: 'http-start', id: 1, method: 'GET', url: {} }, 'invalid message.url'],
    ['an unknown field', { type: 'loaded', format: 'ESM', extra: 1 }, 'loaded message: unknown field message.extra'],
    ['an unknown type', { type: 'exit' }, 'unknown type "exit"'],
    [
      'a failed done without an error',
      { type: 'done', phase: 'handler', ok: false, reason: 'HANDLER_THREW', durationMs: 1 },
      'invalid message.error',
    ],
    [
      'a failed done whose error has an unknown field',
      {
        type: 'done',
        phase: 'handler',
        ok: false,
        reason: 'HANDLER_THREW',
        error: { name: 'E', message: 'm', stack: 's', extra: 1 },
        durationMs: 1,
      },
      'done message: unknown field message.error.extra',
    ],
    [
      'a failed done whose error lacks its stack',
      {
        type: 'done',
        phase: 'handler',
        ok: false,
        reason: 'HANDLER_THREW',
        error: { name: 'E', message: 'm' },
        durationMs: 1,
      },
      'done message: invalid message.error.stack',
    ],
    ['not an object', 'done', 'not an object'],
  ])('%s is refused', (_name, message, problem) => {
    expect(workerMessageProblem(message)).toContain(problem);
  });

  it('every message the worker sends passes', () => {
    for (const message of [
      { type: 'loaded', format: 'CommonJS' },
      { type: 'log', level: 'warn', text: 'x' },
      { type: 'http-start', id: 3, method: 'POST', url: 'http://127.0.0.1/' },
      { type: 'http-end', id: 3, status: 204 },
      { type: 'http-end', id: 3, error: 'ECONNREFUSED' },
      { type: 'cache', id: 1, op: 'set', key: 'k', json: '1', ttlSeconds: 60 },
      { type: 'done', phase: 'handler', ok: true, json: undefined, durationMs: 0 },
      {
        type: 'done',
        phase: 'boot',
        ok: false,
        reason: 'LOAD_FAILED',
        error: { name: 'E', message: 'm', stack: 's' },
        durationMs: 2,
      },
    ])
      expect(workerMessageProblem(message)).toBeUndefined();
  });
});
