import { describe, expect, it } from 'vitest';
import { parseServeArgs, USAGE, UsageError } from '../../../src/mock/server/args';

describe('svc-mock serve flags', () => {
  it('--allow-origin: a comma-separated list of origins, or *; anything else refused naming it', () => {
    expect(parseServeArgs(['serve', '--allow-origin', 'http://localhost:3000, https://shop.example'])).toEqual({
      fixtures: true,
      allowOrigin: ['http://localhost:3000', 'https://shop.example'],
    });
    expect(parseServeArgs(['serve', '--allow-origin', '*'])).toEqual({ fixtures: true, allowOrigin: '*' });
    expect(() => parseServeArgs(['serve', '--allow-origin', 'localhost:3000/x'])).toThrow(
      /--allow-origin takes origins .*"localhost:3000\/x"/,
    );
  });

  it('defaults: fixtures on, nothing else set (the server documents its defaults)', () => {
    expect(parseServeArgs(['serve'])).toEqual({ fixtures: true });
  });

  it('reads every flag', () => {
    expect(
      parseServeArgs([
        'serve',
        '--port',
        '0',
        '--host',
        '0.0.0.0',
        '--state',
        's.jsonl',
        '--no-fixtures',
        '--clock',
        '2026-11-21T10:00:00Z',
      ]),
    ).toEqual({
      port: 0,
      host: '0.0.0.0',
      state: 's.jsonl',
      fixtures: false,
      clock: '2026-11-21T10:00:00Z',
    });
    expect(parseServeArgs(['serve', '--clock', 'real'])).toEqual({ fixtures: true });
  });

  it.each([
    [['serve', '--port', 'abc'], '--port must be 0..65535 (got "abc")'],
    [['serve', '--port', '70000'], '--port must be 0..65535'],
    [['serve', '--clock', 'tomorrow'], '--clock must be "real" or an ISO time'],
    [['serve', '--bogus'], "Unknown option '--bogus'"],
    [['start'], 'unknown command "start"'],
    [[], 'missing command'],
  ])('%j is a one-line usage error', (argv, message) => {
    let error: unknown;
    try {
      parseServeArgs(argv);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).toContain(USAGE);
    expect((error as Error).message).not.toContain('\n');
  });
});
