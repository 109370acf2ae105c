// The runner against hostile handlers (issue 20, points 2-4): output floods, secrets in every
// encoding, the author's environment, process.kill / process.exit, memory.
// The CLI cases run the BUILT command as a child process (run `npm run build` first).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES, LOG_LIMITS, type RunReport, runIntegration } from '../../../src/integrations/runner';
import { createRedactor } from '../../../src/integrations/runner/redact';
import { useIntegrationFolders } from './integration-folders';

const root = resolve(import.meta.dirname, '../../..');
const cli = join(root, 'dist', 'integrations', 'cli.js');

const integration = useIntegrationFolders('limits');
const texts = (report: RunReport) => report.logs.map(({ kind, text }) => `${kind} ${text}`);

/** Peak resident memory of a process, in MB, read from /proc while it runs (Linux). */
function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0; // already gone
  }
}

/** Runs the built CLI; resolves its exit code, wall time, peak memory and the tail of its stdout. */
function runCli(
  ...args: string[]
): Promise<{ code: number | null; ms: number; peakMb: number; tail: string; stdoutBytes: number }> {
  return new Promise((done) => {
    const started = performance.now();
    // The run's time counts from the runner's first line (its boot line), not from the spawn: Node's
    // own start-up and module loading are not the runner's timeout, and take seconds on a busy machine.
    let booted: number | undefined;
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    let stdoutBytes = 0;
    let peakMb = 0;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      booted ??= performance.now();
      stdoutBytes += chunk.length;
      tail = (tail + chunk).slice(-2000);
    });
    child.stderr.resume();
    const poll = setInterval(() => (peakMb = Math.max(peakMb, peakRssMb(child.pid!))), 50);
    child.on('exit', (code) => {
      clearInterval(poll);
      done({ code, ms: performance.now() - (booted ?? started), peakMb, tail, stdoutBytes });
    });
  });
}

describe('output floods (CLI, built)', () => {
  beforeAll(() => {
    if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first`);
  });

  it('a handler printing without end under --timeout 3000 ends with exit 2 within 5 s of its boot, the runner under 300 MB', async () => {
    const dir = integration(
      `module.exports = async () => { for (let i = 0; ; i++) console.log('line', i, 'x'.repeat(200)); };\n`,
    );
    const run = await runCli('run', dir, '--timeout', '3000');
    expect(run.code).toBe(EXIT_CODES.timeout);
    expect(run.ms).toBeLessThan(5000);
    expect(run.peakMb).toBeGreaterThan(0);
    expect(run.peakMb).toBeLessThan(300);
    expect(run.stdoutBytes).toBeLessThan(LOG_LIMITS.totalCharacters * 1.1);
    expect(run.tail).toMatch(
      /\ndone {6}timeout after \d+ ms; no HTTP request pending; \d+ log lines \(\d+ characters\) dropped over the log limit of 1048576 characters\n$/,
    );
  }, 15_000);

  it('190 MB written to stdout without a newline: cut, the timeout still holds', async () => {
    const dir = integration(
      `module.exports = async () => { const chunk = 'y'.repeat(1 << 20); for (let i = 0; i < 190; i++) process.stdout.write(chunk); await new Promise(() => {}); };\n`,
    );
    const run = await runCli('run', dir, '--timeout', '3000');
    expect(run.code).toBe(EXIT_CODES.timeout);
    expect(run.ms).toBeLessThan(5000);
    expect(run.peakMb).toBeLessThan(300);
    expect(run.tail).toMatch(/dropped over the log limit/);
  }, 15_000);
});

describe('bounded log buffering (runIntegration)', () => {
  it('cuts a line over the line limit and marks it; keeps shorter lines whole', async () => {
    const dir = integration(
      `module.exports = async () => { console.log('a'.repeat(${LOG_LIMITS.lineLength + 10})); console.log('short'); process.stdout.write('b'.repeat(${LOG_LIMITS.lineLength * 3}) + '\\nend\\n'); };\n`,
    );
    const report = await runIntegration({ dir });
    expect(report.outcome).toBe('ok');
    const log = texts(report);
    expect(log).toContain(`log ${'a'.repeat(LOG_LIMITS.lineLength)} [line cut: 10 more characters]`);
    expect(log).toContain('log short');
    expect(log).toContain(
      `stdout ${'b'.repeat(LOG_LIMITS.lineLength)} [line cut: ${LOG_LIMITS.lineLength * 2} more characters]`,
    );
    expect(log).toContain('stdout end');
    expect(report.dropped).toEqual({ lines: 0, characters: 0 });
  });

  it('drops output beyond the total and counts it; the result and final lines are kept', async () => {
    const n = Math.ceil(LOG_LIMITS.totalCharacters / 1000) + 100;
    const dir = integration(
      `module.exports = async () => { for (let i = 0; i < ${n}; i++) console.log('z'.repeat(999)); return 'fine'; };\n`,
    );
    const report = await runIntegration({ dir });
    expect(report.outcome).toBe('ok');
    const kept = report.logs.filter((l) => l.kind === 'log');
    expect(kept.length + report.dropped.lines).toBe(n);
    expect(report.dropped.lines).toBeGreaterThanOrEqual(90);
    // Whole lines, and at most the end of the one line that crossed the limit.
    expect(report.dropped.characters).toBeGreaterThanOrEqual(report.dropped.lines * 999);
    expect(report.dropped.characters).toBeLessThan((report.dropped.lines + 1) * 999);
    expect(report.logs.reduce((sum, l) => sum + l.text.length, 0)).toBeLessThan(LOG_LIMITS.totalCharacters + 1000);
    expect(texts(report).slice(-2)).toEqual([
      'result "fine"',
      expect.stringMatching(
        /^done ok in \d+ ms; \d+ log lines \(\d+ characters\) dropped over the log limit of 1048576 characters$/,
      ),
    ]);
  });
});

describe('secrets in every form the runner produces', () => {
  const secret = "it's a s3cret/+&=?#%é 😀";
  it.each([
    ['raw', secret],
    ['encodeURIComponent', encodeURIComponent(secret)],
    ['encodeURI', encodeURI(secret)],
    ['escape()-like %27 for the quote', encodeURIComponent(secret).replace(/'/g, '%27')],
    ['lower-case hex', encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())],
    ['URLSearchParams', new URLSearchParams({ k: secret }).toString().slice(2)],
    [
      'WHATWG URL (query, then fragment after the #)',
      new URL(`https://api.example/?k=${secret}`).href.slice('https://api.example/?k='.length),
    ],
    ['JSON-escaped', JSON.stringify(secret).slice(1, -1)],
    [
      'JSON with \\u escapes',
      JSON.stringify(secret)
        .slice(1, -1)
        .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ],
  ])('%s', (_form, text) => {
    const redact = createRedactor({ S: secret });
    expect(redact(`before ${text} after`)).toBe('before [secret] after');
  });

  it('a multi-line secret (a PEM key) is redacted whole, line by line and JSON-escaped', () => {
    const pem = [
      '-----BEGIN PRIVATE KEY-----',
      'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC',
      'BKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj',
      '-----END PRIVATE KEY-----',
    ].join('\n');
    const redact = createRedactor({ KEY: pem });
    expect(redact(`key: ${pem}`)).toBe('key: [secret]');
    expect(redact(JSON.stringify({ pem }))).toBe('{"pem":"[secret]"}');
    for (const line of pem.split('\n')) expect(redact(`> ${line}`)).toBe('> [secret]');
  });

  it('a handler writing a PEM key to stdout in pieces, and a quote-holding secret in a URLSearchParams query: nothing leaks', async () => {
    const pem = ['-----BEGIN PRIVATE KEY-----', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', '-----END PRIVATE KEY-----'].join(
      '\n',
    );
    const token = "o'brien secret";
    const dir = integration(`module.exports = async ({ secrets }) => {
  for (const line of secrets.PEM.split('\\n')) process.stdout.write(line + '\\n');
  console.log(JSON.stringify(secrets));
  console.log('https://api.example/?' + new URLSearchParams({ t: secrets.TOKEN }));
  console.log(new URL('https://api.example/?t=' + secrets.TOKEN).href);
  return 1;
};\n`);
    const report = await runIntegration({ dir, secrets: { PEM: pem, TOKEN: token } });
    const all = texts(report).join('\n');
    expect(all).not.toMatch(/MIIEvQ|brien/);
    expect(texts(report)).toContain('log {"PEM":"[secret]","TOKEN":"[secret]"}');
    expect(texts(report)).toContain('log https://api.example/?t=[secret]');
  });
});

describe('the handler runs as on the platform', () => {
  it("sees an empty environment, not the author's shell", async () => {
    process.env.SVC_HARDENING_PROBE = 'visible?';
    try {
      const dir = integration(`module.exports = async () => Object.keys(process.env);\n`);
      const report = await runIntegration({ dir });
      expect(report.result).toEqual([]);
    } finally {
      delete process.env.SVC_HARDENING_PROBE;
    }
  });

  it('process.kill(process.pid) cannot take the runner down: the run fails with a clear line', async () => {
    const dir = integration(`module.exports = async () => { process.kill(process.pid); return 'alive?'; };\n`);
    const report = await runIntegration({ dir });
    expect(report.outcome).toBe('error');
    expect(report.error?.code).toBe('HANDLER_THREW');
    expect(report.error?.message).toBe(
      'process.kill is not available to a handler (it runs on the platform, not on this machine)',
    );
    expect(texts(report).at(-1)).toMatch(/^done error \(HANDLER_THREW\) in \d+ ms$/);
  });

  it('process.exit ends only the handler: the run fails with a clear line', async () => {
    const dir = integration(`module.exports = async () => { process.exit(0); };\n`);
    const report = await runIntegration({ dir });
    expect(report.error?.code).toBe('WORKER_EXITED');
    expect(texts(report).at(-1)).toMatch(/^done error \(WORKER_EXITED\) in \d+ ms$/);
  });

  it('memory is limited: a handler filling its heap fails with OUT_OF_MEMORY, the runner lives', async () => {
    const dir = integration(
      `module.exports = async () => { const keep = []; for (;;) keep.push(new Array(100000).fill(keep.length)); };\n`,
    );
    const report = await runIntegration({ dir, timeout: 20_000 });
    expect(report.outcome).toBe('error');
    expect(report.error?.code).toBe('OUT_OF_MEMORY');
    expect(report.error?.message).toMatch(/^the handler ran out of memory \(limit \d+ MB\)/);
  }, 30_000);
});
