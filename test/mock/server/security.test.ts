// @vitest-environment node
import { request as httpRequest } from 'node:http';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/mock/server';

// PROTOCOL.md, "Browsers on other origins (CORS)", over real HTTP: the platform endpoints answer
// any origin; the admin API answers no page of another origin and no host it does not serve.
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with full control of its headers (fetch would not send `Host` as given). */
function send(
  server: MockServer,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers }, (incoming) => {
      let text = '';
      incoming.on('data', (chunk: Buffer) => (text += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode!, headers: incoming.headers, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const corsHeaderNames = (answer: Answer) =>
  Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));
const NOW = Date.parse('2026-11-21T12:00:00Z');
const EVIL = 'http://evil.example';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, clock: '2026-11-21T12:00:00Z' });
});
afterAll(() => server.close());

describe('the platform endpoints over HTTP answer CORS', () => {
  it('a preflight to recommendations: 204, POST, content-type, max-age 600', async () => {
    const answer = await send(server, 'OPTIONS', '/vc/recommend/2.1/demo_shop?strategy=popular', {
      Origin: 'http://localhost:3000',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    });
    expect(answer.status).toBe(204);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '600',
    });
  });

  it('an answer the server gives itself (413) carries Allow-Origin and Expose-Headers', async () => {
    const answer = await send(server, 'POST', '/stash/v1.1/kv/set/demo_shop/public/k', {
      Origin: 'http://localhost:3000',
      'Content-Length': String(9 * 1024 * 1024),
    });
    expect(answer.status).toBe(413);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-expose-headers']).toBe('Retry-After');
  });

  it('--allow-origin narrows it: the listed origin echoed with Vary, another none', async () => {
    const narrowed = await startMockServer({ port: 0, allowOrigin: ['http://localhost:3000'] });
    try {
      const listed = await send(narrowed, 'GET', '/stash/v1.1/kv/get/demo_shop/public/k', {
        Origin: 'http://localhost:3000',
      });
      expect(listed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
      expect(listed.headers.vary).toContain('Origin');
      const other = await send(narrowed, 'GET', '/stash/v1.1/kv/get/demo_shop/public/k', { Origin: EVIL });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await narrowed.close();
    }
  });
});

describe('the admin API refuses what a web page can send', () => {
  const advance = JSON.stringify({ ms: 3_600_000 });
  const cases: [string, string, string, Record<string, string>, string | undefined, number][] = [
    [
      'a no-cors POST (text/plain, another Origin)',
      'POST',
      '/__svc/clock/advance',
      { Origin: EVIL, 'Content-Type': 'text/plain' },
      advance,
      403,
    ],
    [
      'a form POST',
      'POST',
      '/__svc/reset',
      { Origin: EVIL, 'Content-Type': 'application/x-www-form-urlencoded' },
      'a=1',
      403,
    ],
    [
      'a JSON fetch from another origin',
      'POST',
      '/__svc/clock/advance',
      { Origin: EVIL, 'Content-Type': 'application/json' },
      advance,
      403,
    ],
    [
      'a fault from an opaque origin',
      'PUT',
      '/__svc/faults/*',
      { Origin: 'null', 'Content-Type': 'application/json' },
      '{"status":503}',
      403,
    ],
    [
      'a preflight',
      'OPTIONS',
      '/__svc/reset',
      { Origin: EVIL, 'Access-Control-Request-Method': 'POST' },
      undefined,
      403,
    ],
    ['text/plain without Origin', 'POST', '/__svc/clock/advance', { 'Content-Type': 'text/plain' }, advance, 415],
    ['no Content-Type', 'PUT', '/__svc/faults/stash', {}, '{"status":503}', 415],
    [
      'a DNS-rebinding Host',
      'POST',
      '/__svc/clock/advance',
      { Host: 'evil.example:4999', 'Content-Type': 'application/json' },
      advance,
      421,
    ],
  ];

  it.each(cases)(
    '%s: refused with JSON, no CORS headers, nothing changed',
    async (_what, method, path, headers, body, status) => {
      const answer = await send(server, method, path, headers, body);
      expect(answer.status).toBe(status);
      expect(JSON.parse(answer.body)).toMatchObject({ status, message: expect.any(String) });
      expect(corsHeaderNames(answer)).toEqual([]);
      expect(server.platform().clock.now()).toBe(NOW);
      expect(server.platform().faults.list()).toEqual({});
    },
  );

  it('a Host of another machine gets 421 even for a read', async () => {
    const answer = await send(server, 'GET', '/__svc/clock', { Host: `evil.example:${new URL(server.url).port}` });
    expect(answer.status).toBe(421);
  });

  it('curl from the shell (no Origin, JSON) and a page the server served (its own Origin) work', async () => {
    const shell = await send(server, 'POST', '/__svc/clock/advance', { 'Content-Type': 'application/json' }, advance);
    expect(shell.status).toBe(200);
    expect(corsHeaderNames(shell)).toEqual([]);
    const own = await send(
      server,
      'POST',
      '/__svc/clock/advance',
      {
        Origin: server.url,
        'Content-Type': 'application/json; charset=utf-8',
      },
      advance,
    );
    expect(own.status).toBe(200);
    expect(server.platform().clock.now()).toBe(NOW + 2 * 3_600_000);
    const localhost = await send(server, 'GET', '/__svc/clock', { Host: `localhost:${new URL(server.url).port}` });
    expect(localhost.status).toBe(200);
  });

  it('with --host 0.0.0.0 the machine name is served as well', async () => {
    const everywhere = await startMockServer({ port: 0, host: '0.0.0.0' });
    try {
      const port = new URL(everywhere.url).port;
      const byName = await send(everywhere, 'GET', '/__svc/clock', { Host: `${hostname()}:${port}` });
      expect(byName.status).toBe(200);
      const other = await send(everywhere, 'GET', '/__svc/clock', { Host: `evil.example:${port}` });
      expect(other.status).toBe(421);
    } finally {
      await everywhere.close();
    }
  });
});

describe('request bodies in flight are capped in total', () => {
  it('past maxBytesInFlight a body is answered 503 with Retry-After; once the others finish it passes', async () => {
    const small = await startMockServer({ port: 0, maxBytesInFlight: 1024 * 1024 });
    try {
      // A slow upload holds 900 KiB and does not end yet.
      const url = new URL('/stash/v1.1/kv/set/demo_shop/public/slow', small.url);
      const slow = httpRequest(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
      const slowAnswer = new Promise<number>((resolve) => slow.on('response', (r) => resolve(r.statusCode!)));
      slow.write(Buffer.alloc(900 * 1024, 0x20));
      // Once the server holds the slow upload's 900 KiB (no fixed wait: on a busy machine reading
      // it takes longer than any guess), another 200 KiB is past the cap.
      await expect.poll(() => small.bytesInFlight, { timeout: 10_000 }).toBe(900 * 1024);
      const busy = await send(small, 'POST', '/stash/v1.1/kv/set/demo_shop/public/k', {}, ' '.repeat(200 * 1024));
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.headers['access-control-allow-origin']).toBe('*');
      slow.end('{"data":"x"}');
      expect(await slowAnswer).toBe(200);
      const later = await send(
        small,
        'POST',
        '/stash/v1.1/kv/set/demo_shop/public/k',
        {},
        JSON.stringify({ data: 'y' }),
      );
      expect(later.status).toBe(200);
    } finally {
      await small.close();
    }
  });
});
