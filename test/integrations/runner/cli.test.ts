// The BUILT command, as a customer runs it: dist/integrations/cli.js (run `npm run build` first;
// `npm test` does). Proves the bundle finds its worker, cuts its own stack frames and exits
// with the documented codes, and that `npm pack` ships the bin executable.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../../src/integrations/runner';
import { cli, packageDir, requireBuiltCli, root, svcIntegration } from './built-cli';
import { type LocalServer, startLocalServer } from './local-server';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const withoutTimes = (stdout: string) => stdout.replace(/\d+ ms/g, 'N ms');

let files: string;
let server: LocalServer;
beforeAll(() => {
  requireBuiltCli();
  files = mkdtempSync(join(tmpdir(), 'svc-cli-'));
});
afterAll(() => rmSync(files, { recursive: true, force: true }));
beforeEach(async () => {
  server = await startLocalServer();
});
afterEach(() => server.close());
const json = (name: string, value: unknown) => {
  const file = join(files, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
};

describe('svc-integration (built)', () => {
  it('leaves no timer keeping the process alive once a run has ended, so the command exits at once', async () => {
    const dir = mkdtempSync(join(files, 'quick-'));
    writeFileSync(join(dir, 'integration.js'), 'module.exports = () => 1;\n');
    // A process of its own (`node -e`, whose flags the runner must not pass on to its host), with no
    // timer of a test runner: what is left once runIntegration resolved.
    const script = [
      `const { runIntegration } = await import(${JSON.stringify(join(packageDir, 'runner.js'))});`,
      `const report = await runIntegration({ dir: ${JSON.stringify(dir)} });`,
      'const timers = process.getActiveResourcesInfo().filter((resource) => resource === "Timeout");',
      'console.log(JSON.stringify({ outcome: report.outcome, timers: timers.length }));',
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
    });
    expect(JSON.parse(stdout)).toEqual({ outcome: 'ok', timers: 0 });
  });

  it('prints the boot line, the handler log, one line per request, the result and the final line; exits 0', async () => {
    const payload = json('order.json', { baseUrl: server.baseUrl, orderId: 42 });
    const { code, stdout, stderr } = await svcIntegration('run', fixture('fetch-local'), '--payload', payload);

    expect(stderr).toBe('');
    expect(code).toBe(EXIT_CODES.ok);
    expect(withoutTimes(stdout)).toBe(
      [
        `boot      integration.js (CommonJS) on node ${process.version}; dependencies: none`,
        'log       fetching order 42',
        `http      GET ${server.baseUrl}/orders/42 -> 200 (N ms)`,
        `http      GET ${server.baseUrl}/stock/A-1 -> 200 (N ms)`,
        `http      POST ${server.baseUrl}/missing -> 404 (N ms)`,
        'warn      missing -> 404',
        'result    {',
        '            "order": {',
        '              "id": 42,',
        '              "sku": "A-1"',
        '            },',
        '            "stock": {',
        '              "status": 200,',
        '              "body": "7"',
        '            }',
        '          }',
        'done      ok in N ms',
        '',
      ].join('\n'),
    );
  });

  it('redacts the secrets of --secrets', async () => {
    const secrets = json('secrets.json', { API_KEY: 'sk_live/+&9f2', TOKEN: 'tok-2c1e5d' });
    const { code, stdout } = await svcIntegration('run', fixture('logs-secret'), '--secrets', secrets);

    expect(code).toBe(EXIT_CODES.ok);
    expect(stdout.split('\n').slice(1, 5)).toEqual([
      'log       using key [secret]',
      "debug     { auth: { key: '[secret]' } }",
      'error     https://api.example/v1?key=[secret]',
      'info      token=[secret] user=ann',
    ]);
    expect(stdout).not.toMatch(/sk_live|tok-2c1e5d|sk_live%2F/);
  });

  it("prints the stack of an exception without the runner's own frames; exits 1", async () => {
    const { code, stdout } = await svcIntegration(
      'run',
      fixture('throws'),
      '--payload',
      json('bad-email.json', { email: 'nope' }),
    );

    expect(code).toBe(EXIT_CODES.error);
    const out = stdout.split('\n');
    expect(out.slice(1, 3)).toEqual(['log       checking nope', 'exception TypeError: not an email address: nope']);
    expect(out[3]).toMatch(/^ {14}at checkEmail \(.*integration\.js:2:\d+\)$/);
    expect(out[4]).toMatch(/^ {14}at module\.exports \(.*integration\.js:7:\d+\)$/);
    expect(withoutTimes(out[5])).toBe('done      error (HANDLER_THREW) in N ms');
    expect(stdout).not.toContain('dist');
  });

  it('stops a hanging handler at --timeout, naming the pending request; exits 2', async () => {
    const { code, stdout } = await svcIntegration(
      'run',
      fixture('hangs'),
      '--payload',
      json('slow.json', { baseUrl: server.baseUrl }),
      '--timeout',
      '300',
    );

    expect(code).toBe(EXIT_CODES.timeout);
    expect(withoutTimes(stdout).split('\n').slice(1)).toEqual([
      'log       calling the slow endpoint',
      `http      GET ${server.baseUrl}/slow?attempt=1 -> no response after N ms (pending)`,
      `done      timeout after N ms; 1 HTTP request still pending: GET ${server.baseUrl}/slow?attempt=1`,
      '',
    ]);
  });

  it('fails at boot on a missing dependency with the install command; exits 3', async () => {
    const { code, stdout } = await svcIntegration('run', fixture('missing-dependency'));

    expect(code).toBe(EXIT_CODES.boot);
    expect(withoutTimes(stdout)).toBe(
      'boot      failed: missing dependency left-pad@^1.3.0: declared in package.json but not installed; install with: npm install --prefix test/integrations/runner/fixtures/missing-dependency\n' +
        'done      error at boot (MISSING_DEPENDENCY) in N ms\n',
    );
  });

  it('runs an ESM integration with its own node_modules', async () => {
    const { code, stdout } = await svcIntegration(
      'run',
      fixture('esm'),
      '--payload',
      json('ann.json', { email: 'ann@example.com' }),
    );
    expect(code).toBe(EXIT_CODES.ok);
    expect(stdout.split('\n')[0]).toBe(
      `boot      integration.js (ESM) on node ${process.version}; dependencies: pad-start@1.0.2 from ./node_modules/pad-start`,
    );
  });

  it.each([
    [[], 'missing command: run'],
    [['run'], 'missing <dir>: the folder holding integration.js'],
    [['start', 'x'], 'unknown command: start'],
    [['run', 'x', '--timeout', '0'], '--timeout must be a positive whole number of milliseconds (got 0)'],
    [['run', 'x', '--payload', '/nonexistent/sample.json'], '--payload: cannot read /nonexistent/sample.json (ENOENT)'],
    [['run', 'x', '--colour'], "Unknown option '--colour'"],
  ])('refuses %j with a usage error; exits 64', async (args, message) => {
    const { code, stdout, stderr } = await svcIntegration(...args);
    expect(code).toBe(EXIT_CODES.usage);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toContain(`svc-integration: ${message}`);
    expect(stderr).toContain('Usage: svc-integration run <dir>');
  });

  it('refuses secrets that are not strings as a usage error', async () => {
    const { code, stderr } = await svcIntegration(
      'run',
      fixture('esm'),
      '--secrets',
      json('bad-secrets.json', { API_KEY: 42 }),
    );
    expect(code).toBe(EXIT_CODES.usage);
    expect(stderr.split('\n')[0]).toBe('svc-integration: options.secrets.API_KEY must be a string (got 42)');
  });

  it('is packed as an executable bin with a shebang', async () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    expect(manifest.bin).toEqual({ 'svc-integration': './cli.js' });
    expect(readFileSync(cli, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--loglevel=error'], {
      cwd: packageDir,
    });
    const [{ files: packed }] = JSON.parse(stdout) as Array<{ files: Array<{ path: string; mode: number }> }>;
    const paths = packed.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['cli.js', 'runner.js', 'worker.js']));
    expect(packed.find((file) => file.path === 'cli.js')!.mode & 0o111).toBe(0o111);
  });
});
