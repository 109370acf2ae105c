import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  NetworkError,
  NoRecommendationsError,
  NotFoundError,
  ProtocolError,
  RateLimitedError,
  ServerError,
  SvcError,
  TimeoutError,
} from '../../src/core/errors';
import { errorForStatus } from '../../src/core/status';

describe('each error class fixes its own code and name, and builds its message', () => {
  it.each([
    [new TimeoutError('stash get "a"', 'no response within 80 ms'), 'TIMEOUT', 'TimeoutError'],
    [new NotFoundError('stash get "a"', 'status 404'), 'NOT_FOUND', 'NotFoundError'],
    [new BadRequestError('stash get "a"', 'status 400'), 'BAD_REQUEST', 'BadRequestError'],
    [new ServerError('stash get "a"', 'status 500'), 'SERVER_ERROR', 'ServerError'],
    [new ProtocolError('stash get "a"', 'malformed response'), 'PROTOCOL', 'ProtocolError'],
    [
      new RateLimitedError('stash get "a"', 'status 429', '2026-11-26T10:00:00.000Z'),
      'RATE_LIMITED',
      'RateLimitedError',
    ],
  ] as const)('%s', (error, code, name) => {
    expect(error).toBeInstanceOf(SvcError);
    expect([error.code, error.name]).toEqual([code, name]);
    expect(error.message).toMatch(/^stash get "a": /);
  });

  it('a network failure quotes what fetch said and keeps it as the cause', () => {
    const cause = new TypeError('Failed to fetch');
    const error = new NetworkError('recommendations popular', cause);
    expect([error.code, error.name, error.message, error.cause]).toEqual([
      'NETWORK',
      'NetworkError',
      'recommendations popular: network failure (Failed to fetch)',
      cause,
    ]);
  });

  it('an empty recommendations answer names the call', () => {
    const error = new NoRecommendationsError('recommendations popular for shop');
    expect([error.code, error.message]).toEqual([
      'NO_RECOMMENDATIONS',
      'recommendations popular for shop: no recommendations',
    ]);
  });

  it("a status error keeps the platform's own message apart, as detail", () => {
    const error = errorForStatus('experiences of "shop"', 404, { status: 404, message: 'experience 7 not found' });
    expect([error.code, error.status, error.detail, error.message]).toEqual([
      'NOT_FOUND',
      404,
      'experience 7 not found',
      'experiences of "shop": status 404: experience 7 not found',
    ]);
  });
});

/** Every TypeScript file under `dir`, with its text. */
function* sources(dir: string): Generator<[string, string]> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (path.endsWith('.ts')) yield [path, readFileSync(path, 'utf8')];
  }
}

describe('src/ has one way to make an error', () => {
  const files = [...sources(join(__dirname, '..', '..', 'src'))];

  it("passes no code string to an error class (the class fixes its own: no `new XError('CODE'`)", () => {
    const found = files.flatMap(([path, text]) =>
      [...text.matchAll(/new \w*Error\(\s*'[A-Z_]+'/g)].map((match) => `${path}: ${match[0]}`),
    );
    expect(found).toEqual([]);
  });

  it('never reads meaning out of an error message with a regular expression or includes()', () => {
    const found = files.flatMap(([path, text]) =>
      text
        .split('\n')
        .filter((line) =>
          /\.message\)?\.(includes|match|replace|startsWith|endsWith|search)\(|\.(test|exec)\([^)]*\.message\b/.test(
            line,
          ),
        )
        .map((line) => `${path}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
