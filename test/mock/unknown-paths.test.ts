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
    await expect(fetch('https://recs.svc.example.evil.test/x')).rejects.toThrow();
  });
});
