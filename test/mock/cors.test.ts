import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createHandlers, createMockPlatform } from '../../src/mock';
import { thrown } from '../support/failure';

// PROTOCOL.md, "Browsers on other origins (CORS)", as the in-process MSW handlers answer it: what
// happy-dom and browser tests see is what a browser sees from `svc-mock serve` (same module).
const platform = createMockPlatform({ fixtures: true, now: '2026-11-21T12:00:00Z' });
const handlers = createHandlers(platform);
const ask = (url: string, init: RequestInit = {}) => getResponse(handlers, new Request(url, init));
const preflight = (url: string, method: string, origin = 'http://shop.example') =>
  ask(url, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': method,
      'Access-Control-Request-Headers': 'content-type',
    },
  });

describe('CORS preflight of the platform endpoints', () => {
  it.each([
    ['https://recs.svc.example/vc/recommend/2.1/demo_shop?strategy=popular', 'POST'],
    ['https://stash.svc.example/stash/v1.1/kv/set/demo_shop/public/k', 'GET, POST'],
    ['https://experiences.svc.example/v1/demo_shop/experiences', 'GET, POST'],
    ['https://experiences.svc.example/v1/callback?data=x', 'GET, POST'],
    ['https://events.svc.example/events/v1/demo_shop', 'POST'],
    ['https://integrations.svc.example/v1/demo_shop/integrations/welcome-email/execute', 'POST'],
  ])('%s: 204 with the methods %s', async (url, methods) => {
    const response = await preflight(url, 'POST');
    expect(response?.status).toBe(204);
    expect(Object.fromEntries(response!.headers)).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': methods,
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '600',
    });
    expect(response!.headers.has('access-control-allow-credentials')).toBe(false);
  });
});

describe('CORS headers of every platform answer', () => {
  it.each([
    ['a 200', 'https://stash.svc.example/stash/v1.1/kv/get/demo_shop/public/k', {}, 200],
    ['a 404', 'https://recs.svc.example/no/such/path', {}, 404],
    ['a 405', 'https://events.svc.example/events/v1/demo_shop', { method: 'GET' }, 405],
    ['a 400', 'https://recs.svc.example/vc/recommend/2.1/demo_shop?strategy=popular&n=99', { method: 'POST' }, 400],
  ])('%s carries Allow-Origin * and exposes Retry-After', async (_what, url, init, status) => {
    const response = await ask(url, { ...init, headers: { Origin: 'http://shop.example' } });
    expect(response?.status).toBe(status);
    expect(response?.headers.get('access-control-allow-origin')).toBe('*');
    expect(response?.headers.get('access-control-expose-headers')).toBe('Retry-After');
  });

  it('a fault answer carries them too', async () => {
    platform.faults.set('recommend', { status: 429, retryAfter: 3, times: 1 });
    const response = await ask('https://recs.svc.example/vc/recommend/2.1/demo_shop?strategy=popular', {
      method: 'POST',
      body: '{}',
    });
    expect(response?.status).toBe(429);
    expect(response?.headers.get('retry-after')).toBe('3');
    expect(response?.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('allowOrigin: a list of origins', () => {
  const narrowed = createHandlers(platform, { allowOrigin: ['http://localhost:3000'] });
  const from = (origin: string) =>
    getResponse(
      narrowed,
      new Request('https://stash.svc.example/stash/v1.1/kv/get/demo_shop/public/k', { headers: { Origin: origin } }),
    );

  it('echoes a listed origin with Vary: Origin', async () => {
    const response = await from('http://localhost:3000');
    expect(response?.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(response?.headers.get('vary')).toBe('Origin');
  });

  it('gives another origin no Allow-Origin', async () => {
    const response = await from('http://evil.example');
    expect(response?.status).toBe(200);
    expect(response?.headers.has('access-control-allow-origin')).toBe(false);
  });

  it('refuses what is not an origin, naming it', () => {
    const error = thrown(() => createHandlers(platform, { allowOrigin: ['http://localhost:3000/path'] }));
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'allowOrigin' });
    expect((error as Error).message).toContain('http://localhost:3000/path');
  });
});
