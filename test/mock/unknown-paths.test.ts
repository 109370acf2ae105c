import { getResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { useMockPlatform } from '../support/mock-server';

// Every platform base URL answers a path it does not serve with PROTOCOL.md's 404 body, never a
// router error, whatever the path holds.
const mock = useMockPlatform();
const notFound = { status: 404, message: 'The requested URL was not found on the server.' };

describe('unknown paths under the platform base URLs', () => {
  it.each([
    ['GET', 'https://recs.svc.example/no/such/path'],
    ['POST', 'https://stash.svc.example/stash/v9/kv/get/t/public/k'],
    ['GET', 'https://experiences.svc.example/v1/%E0%A4%A/other'],
    ['PUT', 'https://integrations.svc.example/v2/x'],
    ['GET', 'https://events.svc.example/'],
  ])('%s %s: HTTP 404 with the protocol body', async (method, url) => {
    const response = await fetch(url, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(notFound);
  });

  it('leaves other hosts alone (a look-alike host is not the platform)', async () => {
    // Asked of the handlers directly: no handler answers it (a fetch would only show MSW's own
    // unhandled-request error, printed on stderr, whatever the handlers do).
    const handlers = mock.server.listHandlers() as RequestHandler[];
    expect(handlers.length).toBeGreaterThan(0);
    for (const url of [
      'https://recs.svc.example.evil.test/x',
      'https://evil-svc.example/x',
      'https://svc.example.evil.test/events/v1/shop',
    ]) {
      expect(await getResponse(handlers, new Request(url)), url).toBeUndefined();
    }
    // The same handlers do answer the platform's own host.
    expect((await getResponse(handlers, new Request('https://recs.svc.example/x')))?.status).toBe(404);
  });
});

describe('a route asked with another method', () => {
  it.each([
    ['GET', 'https://events.svc.example/events/v1/shop', 'POST'],
    ['PUT', 'https://experiences.svc.example/v1/callback?data=x', 'POST'],
    ['POST', 'https://experiences.svc.example/v1/shop/experiences?contextId=v', 'GET'],
    ['DELETE', 'https://integrations.svc.example/v1/shop/integrations/welcome/execute', 'POST'],
  ])('%s %s: 405 with Allow: %s', async (method, url, allow) => {
    const response = await fetch(url, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(await response.json()).toEqual({ status: 405, message: 'The method is not allowed for the requested URL.' });
  });

  it('HEAD gets the 405 without a body', async () => {
    const response = await fetch('https://events.svc.example/events/v1/shop', { method: 'HEAD' });
    expect(response.status).toBe(405);
    expect(await response.text()).toBe('');
  });

  it('the right method still reaches the route', async () => {
    const response = await fetch('https://experiences.svc.example/v1/shop/experiences');
    expect(response.status).toBe(200);
  });
});
