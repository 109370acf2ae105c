// @vitest-environment happy-dom

import fc from 'fast-check';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultEndpoints, endpointFor, setEndpoints } from '../../src/core/endpoints';
import { InvalidArgumentError, type SvcError } from '../../src/core/errors';
import { request } from '../../src/core/http';
import { segment } from '../../src/core/path';
import { readVisitorId } from '../../src/core/visitor-id';
import { CORS_HEADERS, preflights } from '../support/cross-origin';

const clearCookies = () => {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
};

describe('readVisitorId', () => {
  afterEach(clearCookies);
  it('reads _svcTracker first', () => {
    document.cookie = '_svcTracker=abc-123; path=/';
    document.cookie = 'svc_permanent=zzz:1:2; path=/';
    expect(readVisitorId()).toBe('abc-123');
  });
  it('falls back to svc_permanent before its first colon', () => {
    document.cookie = 'svc_permanent=perm-9:1700000000:x; path=/';
    expect(readVisitorId()).toBe('perm-9');
  });
  it('is undefined when neither cookie is set', () => {
    expect(readVisitorId()).toBeUndefined();
  });
});

describe('endpoints', () => {
  afterEach(() => setEndpoints({ ...defaultEndpoints }));
  it('the defaults are PROTOCOL.md base URLs, and endpointFor agrees with the table', () => {
    expect(defaultEndpoints).toEqual({
      recs: 'https://recs.svc.example',
      experiences: 'https://experiences.svc.example',
      stash: 'https://stash.svc.example',
      events: 'https://events.svc.example',
      integrations: 'https://integrations.svc.example',
    });
    for (const [name, url] of Object.entries(defaultEndpoints))
      expect(endpointFor(name as keyof typeof defaultEndpoints)).toBe(url);
  });
  it('per-client override beats global beats default; trailing slashes removed', () => {
    expect(endpointFor('recs')).toBe('https://recs.svc.example');
    setEndpoints({ recs: 'https://global.example/' });
    expect(endpointFor('recs')).toBe('https://global.example');
    expect(endpointFor('recs', 'https://mine.example//')).toBe('https://mine.example');
    expect(endpointFor('stash')).toBe('https://stash.svc.example');
  });
});

describe('segment', () => {
  it('accepts unreserved characters and encodes nothing away', () => {
    expect(segment('key', 'a-b_c.d~e')).toBe('a-b_c.d~e');
  });
  it.each(['', '.', '..', 'a/b', 'a b', '50%', 'x'.repeat(129), 'é'])('refuses %j naming the argument', (bad) => {
    expect(() => segment('key', bad)).toThrow(InvalidArgumentError);
    expect(() => segment('key', bad)).toThrow(/^key must be/);
  });
  it('refuses non-strings', () => {
    expect(() => segment('trackingId', 42)).toThrow(
      'trackingId must be 1-128 of A-Za-z0-9._~- and not . or .. (got 42)',
    );
  });
  it('property: whatever it accepts stays one path segment', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        let out: string;
        try {
          out = segment('k', s);
        } catch {
          return true;
        }
        return (
          !out.includes('/') &&
          out !== '.' &&
          out !== '..' &&
          new URL(`https://x/a/${out}/b`).pathname === `/a/${out}/b`
        );
      }),
    );
  });
});

describe('retry policy (ky retries what core decides)', () => {
  const url = 'https://stash.svc.example/stash/v1.1/kv/get/t1/public/retry';
  const server = setupServer(preflights);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  const answering = (...statuses: number[]) => {
    let calls = 0;
    server.use(
      http.get(url, () => {
        const status = statuses[Math.min(calls++, statuses.length - 1)];
        return HttpResponse.json({ status, data: 'ok' }, { headers: CORS_HEADERS });
      }),
    );
    return () => calls;
  };

  it('retries a body status 500 until it succeeds, within the limit', async () => {
    const calls = answering(500, 500, 200);
    await expect(request(url, { retry: { limit: 2, baseMs: 1 } })).resolves.toEqual({ status: 200, data: 'ok' });
    expect(calls()).toBe(3);
  });
  it('gives up after the limit and rejects with the last failure', async () => {
    const calls = answering(500);
    await expect(request(url, { retry: { limit: 1, baseMs: 1 } })).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    expect(calls()).toBe(2);
  });
  it('never retries a client error', async () => {
    const calls = answering(400);
    await expect(request(url, { retry: { limit: 3, baseMs: 1 } })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(calls()).toBe(1);
  });
  it('sends once without a policy', async () => {
    const calls = answering(500, 200);
    await expect(request(url)).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    expect(calls()).toBe(1);
  });
  it('lets the policy decide: network failures only', async () => {
    let calls = 0;
    server.use(
      http.get(url, () => {
        calls++;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json({ status: 503 }, { status: 503, headers: CORS_HEADERS });
      }),
    );
    const retried: number[] = [];
    const retry = {
      limit: 3,
      baseMs: 1,
      shouldRetry: (e: SvcError) => e.code === 'NETWORK',
      onRetry: (_: unknown, n: number) => retried.push(n),
    };
    await expect(request(url, { retry })).rejects.toMatchObject({ code: 'SERVER_ERROR', status: 503 });
    expect(calls).toBe(2);
    expect(retried).toEqual([1]);
  });
});

describe('readCookie', () => {
  afterEach(clearCookies);
  it('decodes percent escapes and keeps a malformed one as written', async () => {
    const { readCookie } = await import('../../src/core/cookies');
    document.cookie = 'a=x%20y; path=/';
    document.cookie = 'b=50%zz; path=/';
    expect(readCookie('a')).toBe('x y');
    expect(readCookie('b')).toBe('50%zz');
    expect(readCookie('missing')).toBeUndefined();
  });
  it('matches whole names only', async () => {
    const { readCookie } = await import('../../src/core/cookies');
    document.cookie = 'x_svcTracker=nope; path=/';
    expect(readCookie('_svcTracker')).toBeUndefined();
  });
});

describe('InvalidArgumentError', () => {
  it('names the argument and the value: strings and objects as JSON, others as written, long ones cut at 80', () => {
    expect(new InvalidArgumentError('limit', 51, 'must be 1..50').message).toBe('limit must be 1..50 (got 51)');
    expect(new InvalidArgumentError('seed', 'a b', 'must be an id').message).toBe('seed must be an id (got "a b")');
    expect(new InvalidArgumentError('n', NaN, 'must be a number').message).toBe('n must be a number (got NaN)');
    expect(new InvalidArgumentError('rules', [{ factor: -1 }], 'x').message).toBe('rules x (got [{"factor":-1}])');
    const long = new InvalidArgumentError('key', 'k'.repeat(200), 'is too long');
    expect(long.message).toBe(`key is too long (got "${'k'.repeat(79)}...)`);
    expect(long).toMatchObject({
      code: 'INVALID_ARGUMENT',
      argument: 'key',
      value: 'k'.repeat(200),
      name: 'InvalidArgumentError',
    });
  });
});
