import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../../src/core/errors';
import { createCache } from '../../../src/integrations/cache';
import { EXIT_CODES, type LogLine, type RunReport, runIntegration } from '../../../src/integrations/runner';
import { type LocalServer, startLocalServer } from './local-server';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const lines = (report: RunReport) => report.logs.map(({ kind, text }) => `${kind} ${text}`);
const node = process.version;

let server: LocalServer;
beforeEach(async () => {
  server = await startLocalServer();
});
afterEach(() => server.close());

describe('runIntegration', () => {
  it('logs every HTTP request of the handler (fetch and node:http) with method, url and response code', async () => {
    const streamed: LogLine[] = [];
    const report = await runIntegration({
      dir: fixture('fetch-local'),
      payload: { baseUrl: server.baseUrl, orderId: 42 },
      onLog: (line) => streamed.push(line),
    });

    expect(report.outcome).toBe('ok');
    expect(report.exitCode).toBe(EXIT_CODES.ok);
    expect(report.result).toEqual({ order: { id: 42, sku: 'A-1' }, stock: { status: 200, body: '7' } });
    expect(report.requests.map(({ method, url, status, pending }) => ({ method, url, status, pending }))).toEqual([
      { method: 'GET', url: `${server.baseUrl}/orders/42`, status: 200, pending: false },
      { method: 'GET', url: `${server.baseUrl}/stock/A-1`, status: 200, pending: false },
      { method: 'POST', url: `${server.baseUrl}/missing`, status: 404, pending: false },
    ]);
    expect(server.received).toEqual(['GET /orders/42', 'GET /stock/A-1', 'POST /missing']);
    expect(report.logs.map((line) => line.kind)).toEqual([
      'boot',
      'log',
      'http',
      'http',
      'http',
      'warn',
      'result',
      'done',
    ]);
    const http = report.logs
      .filter((line) => line.kind === 'http')
      .map((line) => line.text.replace(/\(\d+ ms\)$/, '(N ms)'));
    expect(http).toEqual([
      `GET ${server.baseUrl}/orders/42 -> 200 (N ms)`,
      `GET ${server.baseUrl}/stock/A-1 -> 200 (N ms)`,
      `POST ${server.baseUrl}/missing -> 404 (N ms)`,
    ]);
    expect(lines(report)[0]).toBe(`boot integration.js (CommonJS) on node ${node}; dependencies: none`);
    expect(lines(report)[1]).toBe('log fetching order 42');
    expect(lines(report)[5]).toBe('warn missing -> 404');
    expect(lines(report)[6]).toBe(`result ${JSON.stringify(report.result, null, 2)}`);
    expect(lines(report)[7]).toBe(`done ok in ${report.durationMs} ms`);
    expect(streamed).toEqual(report.logs);
  });

  it('replaces every secret value in every log line with [secret]', async () => {
    const secrets = { API_KEY: 'sk_live/+&9f2', TOKEN: 'tok-2c1e5d' };
    const report = await runIntegration({ dir: fixture('logs-secret'), secrets });

    expect(report.outcome).toBe('ok');
    expect(report.result).toEqual({ keyLength: 13 });
    expect(lines(report).slice(1, 5)).toEqual([
      'log using key [secret]',
      "debug { auth: { key: '[secret]' } }",
      'error https://api.example/v1?key=[secret]',
      'info token=[secret] user=ann',
    ]);
    const text = JSON.stringify(report.logs);
    for (const value of [...Object.values(secrets), encodeURIComponent(secrets.API_KEY)])
      expect(text).not.toContain(value);
  });

  it('redacts secrets from exceptions too', async () => {
    const report = await runIntegration({
      dir: fixture('throws'),
      payload: { email: 'ann.example.com' },
      secrets: { EMAIL: 'ann.example.com' },
    });

    expect(report.error?.message).toBe('not an email address: [secret]');
    expect(report.error?.stack.split('\n')[0]).toBe('TypeError: not an email address: [secret]');
    expect(JSON.stringify(report)).not.toContain('ann.example.com');
  });

  it('stops a handler that outlives the timeout and names the HTTP requests still pending', async () => {
    const report = await runIntegration({ dir: fixture('hangs'), payload: { baseUrl: server.baseUrl }, timeout: 300 });

    expect(report.outcome).toBe('timeout');
    expect(report.exitCode).toBe(EXIT_CODES.timeout);
    expect(server.received).toEqual(['GET /slow?attempt=1']);
    expect(report.requests.map(({ method, url, pending, status }) => ({ method, url, pending, status }))).toEqual([
      { method: 'GET', url: `${server.baseUrl}/slow?attempt=1`, pending: true, status: undefined },
    ]);
    expect(report.error).toMatchObject({
      code: 'TIMEOUT',
      phase: 'handler',
      message: `the handler did not finish within 300 ms; 1 HTTP request still pending: GET ${server.baseUrl}/slow?attempt=1`,
    });
    expect(report.logs.map((line) => line.kind)).toEqual(['boot', 'log', 'http', 'done']);
    expect(report.logs[2].text).toMatch(
      new RegExp(`^GET ${server.baseUrl}/slow\\?attempt=1 -> no response after \\d+ ms \\(pending\\)$`),
    );
    expect(report.logs[3].text).toBe(
      `timeout after ${report.durationMs} ms; 1 HTTP request still pending: GET ${server.baseUrl}/slow?attempt=1`,
    );
  });

  it('prints the stack of an exception and fails the run', async () => {
    const report = await runIntegration({ dir: fixture('throws'), payload: { email: 'nope' } });

    expect(report.outcome).toBe('error');
    expect(report.exitCode).toBe(EXIT_CODES.error);
    expect(report.result).toBeUndefined();
    expect(report.error).toMatchObject({
      code: 'HANDLER_THREW',
      phase: 'handler',
      name: 'TypeError',
      message: 'not an email address: nope',
    });
    const stack = report.error!.stack.split('\n');
    expect(stack[0]).toBe('TypeError: not an email address: nope');
    expect(stack[1]).toMatch(/^ {4}at checkEmail \(.*fixtures[/\\]throws[/\\]integration\.js:2:\d+\)$/);
    expect(stack[2]).toMatch(/^ {4}at module\.exports \(.*fixtures[/\\]throws[/\\]integration\.js:7:\d+\)$/);
    expect(stack).toHaveLength(3); // the runner's own frames are cut
    expect(lines(report).slice(1)).toEqual([
      'log checking nope',
      `exception ${report.error!.stack}`,
      `done error (HANDLER_THREW) in ${report.durationMs} ms`,
    ]);
  });

  it('fails at boot, naming a missing dependency and the command that installs it', async () => {
    const report = await runIntegration({ dir: fixture('missing-dependency'), payload: { id: '7' } });

    expect(report.outcome).toBe('error');
    expect(report.exitCode).toBe(EXIT_CODES.boot);
    expect(report.error).toMatchObject({ code: 'MISSING_DEPENDENCY', phase: 'boot', missing: ['left-pad@^1.3.0'] });
    expect(lines(report)).toEqual([
      'boot failed: missing dependency left-pad@^1.3.0: declared in package.json but not installed; install with: npm install --prefix test/integrations/runner/fixtures/missing-dependency',
      `done error at boot (MISSING_DEPENDENCY) in ${report.durationMs} ms`,
    ]);
  });

  it('runs an ESM integration, names where its dependency resolved from and keeps its cache between runs', async () => {
    const cache = createCache();
    const first = await runIntegration({ dir: fixture('esm'), payload: { email: 'ann@example.com' }, cache });
    const second = await runIntegration({ dir: fixture('esm'), payload: { email: 'ann@example.com' }, cache });

    expect(lines(first)[0]).toBe(
      `boot integration.js (ESM) on node ${node}; dependencies: pad-start@1.0.2 from .${sep}${join('node_modules', 'pad-start')}`,
    );
    const hash = createHash('sha256').update('ann@example.com').digest('hex').slice(0, 8);
    expect(first.result).toEqual({ runs: 1, hash, id: '0001' });
    expect(second.result).toEqual({ runs: 2, hash, id: '0002' });
    expect(lines(second).slice(1, 2)).toEqual(['log run 2']);
    expect(cache.entries()).toEqual({ runs: 2 });
  });

  it('runs a CommonJS integration; without a cache option each folder keeps its own', async () => {
    const first = await runIntegration({ dir: fixture('commonjs'), payload: { q: 'red shoes', n: 3 } });
    const second = await runIntegration({ dir: fixture('commonjs'), payload: { q: 'blue' } });

    expect(lines(first)[0]).toBe(`boot integration.js (CommonJS) on node ${node}; dependencies: none`);
    expect(first.result).toEqual({ query: 'q=red+shoes&n=3', previous: null });
    expect(second.result).toEqual({ query: 'q=blue', previous: 'q=red+shoes&n=3' });
    expect(lines(second).slice(1)).toEqual([
      'log query q=blue',
      `result ${JSON.stringify(second.result, null, 2)}`,
      `done ok in ${second.durationMs} ms`,
    ]);
  });
});

describe('runIntegration with integrations written by the test', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-runner-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
  };

  it('hands secrets named __proto__ over as plain own keys, polluting no prototype', async () => {
    write({
      'integration.js':
        "module.exports = ({ secrets }) => ({ keys: Object.keys(secrets), own: Object.getOwnPropertyDescriptor(secrets, '__proto__').value, polluted: ({}).K })",
    });
    const secrets = JSON.parse('{"__proto__":"pp-1","K":"v-1"}') as Record<string, string>;
    const report = await runIntegration({ dir, secrets });
    expect(report.result).toEqual({ keys: ['__proto__', 'K'], own: 'pp-1' });
    expect(({} as Record<string, unknown>).K).toBeUndefined();
  });

  it('fails at boot when there is no integration.js', async () => {
    const report = await runIntegration({ dir });
    expect(report.error).toMatchObject({
      code: 'NO_INTEGRATION_FILE',
      phase: 'boot',
      message: `no integration.js in ${dir}`,
    });
    expect(report.exitCode).toBe(EXIT_CODES.boot);
  });

  it('refuses a package.json whose dependency name could escape node_modules', async () => {
    write({ 'integration.js': 'module.exports = () => 1', 'package.json': '{"dependencies":{"../../etc":"1.0.0"}}' });
    const report = await runIntegration({ dir });
    expect(report.error).toMatchObject({ code: 'INVALID_PACKAGE_JSON', phase: 'boot' });
    expect(report.error?.message).toContain('"../../etc"');
  });

  it('fails at boot, not as a runner failure, when an installed dependency has a broken package.json', async () => {
    write({
      'integration.js': 'module.exports = () => 1',
      'package.json': '{"dependencies":{"dep":"^1.0.0"}}',
      'node_modules/dep/package.json': '{not json',
    });
    const report = await runIntegration({ dir });
    const manifest = join(dir, 'node_modules', 'dep', 'package.json');
    expect(report.error).toMatchObject({ code: 'INVALID_PACKAGE_JSON', phase: 'boot' });
    expect(report.error?.message).toMatch(
      new RegExp(
        `^dependency dep@\\^1\\.0\\.0: ${manifest.replace(/[\\/.]/g, '\\$&')} is not JSON \\(.+\\); reinstall it with: npm install --prefix `,
      ),
    );
    expect(report.exitCode).toBe(EXIT_CODES.boot);
  });

  it("says so when a dependency comes from outside the integration's node_modules", async () => {
    write({
      'integration.js': 'module.exports = () => 1',
      'package.json': '{"dependencies":{"dep":"*"}}',
      'node_modules/dep/package.json': '{"name":"dep","version":"2.0.0"}',
    });
    const inner = join(dir, 'inner');
    mkdirSync(inner);
    writeFileSync(join(inner, 'integration.js'), 'module.exports = () => 1');
    writeFileSync(join(inner, 'package.json'), '{"dependencies":{"dep":"*"}}');
    const report = await runIntegration({ dir: inner });
    expect(report.logs[0].text).toBe(
      `integration.js (CommonJS) on node ${node}; dependencies: dep@2.0.0 from ${join(dir, 'node_modules', 'dep')} (outside the integration's node_modules)`,
    );
    expect(report.outcome).toBe('ok');
  });

  it('fails at boot when integration.js exports no single function', async () => {
    write({ 'integration.js': 'exports.a = () => 1; exports.b = () => 2;' });
    const report = await runIntegration({ dir });
    expect(report.error).toMatchObject({ code: 'NO_HANDLER', phase: 'boot' });
    expect(report.error?.message).toContain('it exports 2 functions (a, b): keep one');
    expect(report.logs.map((line) => line.kind)).toEqual(['boot', 'exception', 'done']);
  });

  it('accepts a single named function export (exports.handler)', async () => {
    write({ 'integration.js': 'exports.handler = async ({ payload }) => payload.n * 2;' });
    const report = await runIntegration({ dir, payload: { n: 21 } });
    expect(report.result).toBe(42);
  });

  it('fails at boot when integration.js throws while loading, with its own log lines after the boot line', async () => {
    write({ 'integration.js': "console.log('loading'); require('not-declared-anywhere');" });
    const report = await runIntegration({ dir });
    expect(report.error).toMatchObject({ code: 'LOAD_FAILED', phase: 'boot' });
    expect(report.error?.message).toContain("Cannot find module 'not-declared-anywhere'");
    expect(lines(report).slice(0, 2)).toEqual([
      'boot failed while loading integration.js; dependencies: none',
      'log loading',
    ]);
  });

  it('fails a handler whose return value is not JSON', async () => {
    write({ 'integration.js': 'module.exports = () => ({ n: 1n })' });
    const report = await runIntegration({ dir });
    expect(report.error).toMatchObject({ code: 'NOT_SERIALIZABLE', phase: 'handler' });
    expect(report.exitCode).toBe(EXIT_CODES.error);
  });

  it('fails a handler that calls process.exit', async () => {
    write({ 'integration.js': 'module.exports = () => process.exit(3)' });
    const report = await runIntegration({ dir });
    expect(report.error).toMatchObject({ code: 'WORKER_EXITED', phase: 'handler' });
    expect(report.error?.message).toContain('code 3');
  });

  it('fails on an exception thrown later from a timer', async () => {
    write({
      'integration.js':
        "module.exports = () => new Promise(() => setTimeout(() => { throw new RangeError('late') }, 1))",
    });
    const report = await runIntegration({ dir });
    expect(report.error).toMatchObject({ code: 'HANDLER_THREW', name: 'RangeError', message: 'late' });
  });

  it('returns undefined as no return value', async () => {
    write({ 'integration.js': 'module.exports = async () => {}' });
    const report = await runIntegration({ dir });
    expect(report.outcome).toBe('ok');
    expect(report.result).toBeUndefined();
    expect(lines(report)[1]).toBe('result (no return value)');
  });

  it('logs a failed request with why it failed', async () => {
    write({
      'integration.js': 'module.exports = async ({ payload }) => fetch(payload.url).then(() => "no", (e) => "failed")',
    });
    const gone = `${server.baseUrl}/gone`;
    await server.close(); // nothing listens there any more
    const report = await runIntegration({ dir, payload: { url: gone } });
    server = await startLocalServer(); // for afterEach
    expect(report.result).toBe('failed');
    expect(report.requests).toMatchObject([{ method: 'GET', url: gone, pending: false }]);
    expect(report.requests[0].status).toBeUndefined();
    expect(report.requests[0].error).toMatch(/^fetch failed \(.*ECONNREFUSED.*\)$/);
    expect(report.logs[1].text).toMatch(/ -> failed: fetch failed \(.*ECONNREFUSED.*\) \(\d+ ms\)$/);
  });
});

describe('runIntegration refusals', () => {
  it.each([
    [{ dir: '' }, 'options.dir'],
    [{ dir: fixture('esm'), timeout: 0 }, 'options.timeout'],
    [{ dir: fixture('esm'), timeout: 1.5 }, 'options.timeout'],
    [{ dir: fixture('esm'), payload: () => 1 }, 'options.payload'],
    [{ dir: fixture('esm'), secrets: { API_KEY: 42 } }, 'options.secrets.API_KEY'],
    [{ dir: fixture('esm'), secrets: 'k=v' }, 'options.secrets'],
    [{ dir: fixture('esm'), onLog: 'print' }, 'options.onLog'],
  ])('refuses %j naming %s', async (options, argument) => {
    const error = await runIntegration(options as never).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).argument).toBe(argument);
  });
});
