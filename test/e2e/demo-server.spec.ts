// The demo server (scripts/demo-server.mjs) as any HTTP client sees it: every browser test of the
// repository runs against it, so one hostile URL must not take it down or reach outside demo/ and dist/.
import { expect, test } from '@playwright/test';

test('a malformed percent-escape is HTTP 400, and the server keeps serving', async ({ request }) => {
  for (const path of ['/%E0%A4%A', '/dist/%', '/test-pages/%ZZ', '/product/%C0']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect(await response.text(), path).toBe('bad request');
  }
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  expect(home.headers()['content-security-policy']).toContain("script-src 'self'");
});

test('an encoded ../ never leaves demo/, dist/ or the test pages', async ({ request }) => {
  for (const path of [
    '/..%2fpackage.json',
    '/dist/..%2f..%2fpackage.json',
    '/%2e%2e/%2e%2e/package.json',
    '/test-pages/..%2f..%2f..%2fpackage.json',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain('"name"');
  }
});
