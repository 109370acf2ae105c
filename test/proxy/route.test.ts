// The platform route (@svc/proxy) against a recording fetch: what it forwards (PROTOCOL.md's paths
// and methods, nothing else), where (configuration only), which headers cross in each direction,
// the body limits, redirects, the upstream timeout, and the visitor cookies it sets.
import { InvalidArgumentError } from '@svc/core';
import { BODY_LIMITS, createPlatformRoute } from '@svc/proxy';
import { afterEach, describe, expect, it, vi } from 'vitest';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  bytes: Uint8Array | undefined;
  redirect: RequestRedirect | undefined;
}

/** Stubs fetch: records each request and answers with `reply` (JSON 200 by default). */
function upstream(
  reply: (url: string, init: RequestInit) => Response | Promise<Response> = () => Response.json({ status: 200 }),
) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
    const body = init.body === undefined ? undefined : new TextDecoder().decode(init.body as Uint8Array);
    sent.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers)),
      body,
      bytes: init.body as Uint8Array | undefined,
      redirect: init.redirect,
    });
    return reply(String(input), init);
  });
  return sent;
}
afterEach(() => vi.unstubAllGlobals());

const SHOP = 'https://www.shop.example';
const post = (path: string, body: BodyInit = '{}', headers: HeadersInit = {}) =>
  new Request(`${SHOP}${path}`, { method: 'POST', body, headers });
const get = (path: string, headers: HeadersInit = {}) => new Request(`${SHOP}${path}`, { headers });

describe('what the route forwards: the platform paths and methods the browser uses', () => {
  const cases: [string, Request, string][] = [
    [
      'recommendations',
      post('/svc/vc/recommend/2.1/demo_shop?strategy=popular&n=4'),
      'https://recs.svc.example/vc/recommend/2.1/demo_shop?strategy=popular&n=4',
    ],
    ['events', post('/svc/events/v1/demo_shop'), 'https://events.svc.example/events/v1/demo_shop'],
    [
      'gzip events',
      post('/svc/events/v1/demo_shop?encoding=gzip'),
      'https://events.svc.example/events/v1/demo_shop?encoding=gzip',
    ],
    [
      'experiences',
      get('/svc/v1/demo_shop/experiences?contextId=v1&experienceIds=1,2&preview'),
      'https://experiences.svc.example/v1/demo_shop/experiences?contextId=v1&experienceIds=1,2&preview',
    ],
    [
      'a callback',
      post('/svc/v1/callback?data=eyJhIjoxfQ', '{"id":"v1"}'),
      'https://experiences.svc.example/v1/callback?data=eyJhIjoxfQ',
    ],
    [
      'kv get',
      get('/svc/stash/v1.1/kv/get/demo_shop/public/ns%3Av1%3Acart'),
      'https://stash.svc.example/stash/v1.1/kv/get/demo_shop/public/ns%3Av1%3Acart',
    ],
    [
      'kv get protected',
      get('/svc/stash/v1.1/kv/get/demo_shop/protected/tier'),
      'https://stash.svc.example/stash/v1.1/kv/get/demo_shop/protected/tier',
    ],
    [
      'kv set',
      post('/svc/stash/v1.1/kv/set/demo_shop/public/cart', '{"data":"x"}'),
      'https://stash.svc.example/stash/v1.1/kv/set/demo_shop/public/cart',
    ],
    [
      'kv getbatch',
      post('/svc/stash/v1.1/kv/getbatch/demo_shop/public'),
      'https://stash.svc.example/stash/v1.1/kv/getbatch/demo_shop/public',
    ],
    [
      'deferkv get',
      get('/svc/stash/v1.1/deferkv/get/demo_shop/public/k?timestamp=1'),
      'https://stash.svc.example/stash/v1.1/deferkv/get/demo_shop/public/k?timestamp=1',
    ],
    [
      'deferkv remove',
      post('/svc/stash/v1.1/deferkv/remove/demo_shop/public/k'),
      'https://stash.svc.example/stash/v1.1/deferkv/remove/demo_shop/public/k',
    ],
    [
      'ts set',
      post('/svc/stash/v1.1/ts/set/demo_shop/public/k'),
      'https://stash.svc.example/stash/v1.1/ts/set/demo_shop/public/k',
    ],
    [
      'count incr',
      post('/svc/stash/v1.1/count/incr/demo_shop/public/k'),
      'https://stash.svc.example/stash/v1.1/count/incr/demo_shop/public/k',
    ],
    [
      'count getbatch',
      post('/svc/stash/v1.1/count/getbatch/demo_shop/public'),
      'https://stash.svc.example/stash/v1.1/count/getbatch/demo_shop/public',
    ],
    [
      'integrations',
      post('/svc/v1/demo_shop/integrations/crm/execute'),
      'https://integrations.svc.example/v1/demo_shop/integrations/crm/execute',
    ],
    [
      'a schedule',
      post('/svc/v1/demo_shop/integrations/crm/schedule'),
      'https://integrations.svc.example/v1/demo_shop/integrations/crm/schedule',
    ],
  ];
  it.each(cases)('%s, to its interface base URL, path and query byte for byte', async (_name, request, expected) => {
    const sent = upstream();
    const response = await createPlatformRoute()(request);
    expect(response.status).toBe(200);
    expect(sent.map((s) => [s.method, s.url])).toEqual([[request.method, expected]]);
    expect(sent[0].redirect).toBe('manual');
  });

  it('one upstream for every interface (svc-mock serve), or one per interface; defaults for the rest', async () => {
    const sent = upstream();
    const one = createPlatformRoute({ upstream: 'http://127.0.0.1:4010/' });
    await one(post('/svc/events/v1/demo_shop'));
    await one(get('/svc/v1/demo_shop/experiences'));
    const each = createPlatformRoute({ upstream: { events: 'https://collector.example/base' }, prefix: '/p/q' });
    await each(post('/p/q/events/v1/demo_shop'));
    await each(post('/p/q/vc/recommend/2.1/demo_shop'));
    expect(sent.map((s) => s.url)).toEqual([
      'http://127.0.0.1:4010/events/v1/demo_shop',
      'http://127.0.0.1:4010/v1/demo_shop/experiences',
      'https://collector.example/base/events/v1/demo_shop',
      'https://recs.svc.example/vc/recommend/2.1/demo_shop',
    ]);
  });

  it('passes the status, the {status} envelope, Retry-After and the body unchanged', async () => {
    const envelope = '{"status":429,"retryAt":"2026-01-01T00:00:00.000Z"}';
    upstream(
      () =>
        new Response(envelope, { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '7' } }),
    );
    const response = await createPlatformRoute()(post('/svc/v1/demo_shop/integrations/crm/execute'));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe(envelope);
  });

  it('sends a gzip batch as the bytes received, text/plain', async () => {
    const sent = upstream();
    const bytes = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xfe, 0]);
    const route = createPlatformRoute();
    await route(post('/svc/events/v1/demo_shop?encoding=gzip', bytes, { 'content-type': 'text/plain;charset=UTF-8' }));
    expect(sent[0].headers).toEqual({ 'content-type': 'text/plain;charset=UTF-8' });
    expect([...(sent[0].bytes as Uint8Array)]).toEqual([...bytes]);
  });
});

describe('never an open proxy', () => {
  const refused: [string, Request][] = [
    ['outside the prefix', post('/events/v1/demo_shop')],
    ['the prefix alone', get('/svc')],
    ['a prefix look-alike', post('/svcx/events/v1/demo_shop')],
    ['an unknown path', get('/svc/__svc/state')],
    ['the mock admin API', post('/svc/__svc/faults/events')],
    ['a wrong method', get('/svc/events/v1/demo_shop')],
    ['OPTIONS', new Request(`${SHOP}/svc/events/v1/demo_shop`, { method: 'OPTIONS' })],
    ['PUT', new Request(`${SHOP}/svc/stash/v1.1/kv/set/t/public/k`, { method: 'PUT', body: '{}' })],
    ['HEAD', new Request(`${SHOP}/svc/v1/demo_shop/experiences`, { method: 'HEAD' })],
    ['an extra segment', post('/svc/events/v1/demo_shop/extra')],
    ['a trailing slash', post('/svc/events/v1/demo_shop/')],
    ['a protected deferkv', post('/svc/stash/v1.1/deferkv/set/t/protected/k')],
    ['an unknown integration operation', post('/svc/v1/t/integrations/crm/run')],
    ['.. resolved by the URL', post('/svc/../events/v1/demo_shop')],
    ['%2e%2e resolved by the URL', post('/svc/%2e%2e/admin/events/v1/x')],
    ['an encoded slash %2F', post('/svc/events/v1/..%2F..%2Fadmin')],
    ['an encoded slash %2f', post('/svc/events/v1/a%2fb')],
    ['an encoded backslash %5C', post('/svc/events/v1/..%5C..%5Cadmin')],
    ['an encoded dot-dot segment', get('/svc/stash/v1.1/kv/get/t/public/%2E%2E')],
    ['an encoded dot segment', get('/svc/stash/v1.1/kv/get/t/public/%2e')],
    ['a backslash', post('/svc\\events\\v1\\..\\..\\x')],
    ['//host', post('/svc//evil.example/events/v1/x')],
    ['an absolute URL in the path', post('/svc/https://evil.example/events/v1/x')],
    ['an encoded absolute URL', post('/svc/events/v1/https%3A%2F%2Fevil.example')],
    ['a NUL', post('/svc/events/v1/a%00b')],
    ['a malformed escape', post('/svc/events/v1/a%zz')],
    ['an @ authority trick', post('/svc/@evil.example/events/v1/x')],
  ];
  it.each(refused)('%s: 404, nothing sent', async (_name, request) => {
    const sent = upstream();
    const response = await createPlatformRoute()(request);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 404, message: 'The requested URL was not found on the server.' });
    expect(sent).toEqual([]);
  });

  it("builds the upstream URL from configuration only: the request's Host, URL and headers do not move it", async () => {
    const sent = upstream();
    const route = createPlatformRoute();
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example' };
    await route(
      new Request('http://evil.example:8080/svc/events/v1/demo_shop', { method: 'POST', body: '{}', headers }),
    );
    expect(sent.map((s) => s.url)).toEqual(['https://events.svc.example/events/v1/demo_shop']);
  });

  it('a 3xx of the platform is a 502 without its Location: the browser follows no redirect to another host', async () => {
    upstream(
      () => new Response(null, { status: 302, headers: { location: 'https://evil.example/', 'set-cookie': 'a=b' } }),
    );
    const response = await createPlatformRoute()(post('/svc/events/v1/demo_shop'));
    expect(response.status).toBe(502);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('set-cookie')).toBeNull();
    expect((await response.json()).status).toBe(502);
  });
});

describe('headers in both directions', () => {
  it("sends only what the platform reads: none of the shop's cookies, Authorization or other headers", async () => {
    const sent = upstream();
    await createPlatformRoute()(
      post('/svc/stash/v1.1/kv/set/demo_shop/protected/k', '{"data":"x"}', {
        'content-type': 'application/json',
        accept: 'application/json',
        cookie: 'session=secret; _svcTracker=v1',
        authorization: 'Bearer shop-secret',
        'x-api-key': 'k',
        'x-forwarded-for': '10.0.0.1',
        'user-agent': 'agent',
        referer: 'https://www.shop.example/account',
        origin: 'https://www.shop.example',
      }),
    );
    expect(sent[0].headers).toEqual({ 'content-type': 'application/json', accept: 'application/json' });
  });

  it("passes none of the answer's cookies, CORS or hop-by-hop headers", async () => {
    upstream(
      () =>
        new Response('{"status":200}', {
          headers: {
            'content-type': 'application/json',
            'set-cookie': 'platform=1; Domain=shop.example',
            'access-control-allow-origin': '*',
            'access-control-allow-credentials': 'true',
            connection: 'close',
            'keep-alive': 'timeout=5',
            'transfer-encoding': 'chunked',
            'content-encoding': 'gzip',
            'strict-transport-security': 'max-age=0',
            'content-security-policy': "default-src 'none'",
            'x-powered-by': 'platform',
            location: 'https://evil.example/',
            'cache-control': 'no-store',
          },
        }),
    );
    const response = await createPlatformRoute()(post('/svc/events/v1/demo_shop'));
    expect(Object.fromEntries(response.headers)).toEqual({
      'content-type': 'application/json',
      'cache-control': 'no-store',
    });
  });
});

describe('limits', () => {
  it('refuses a body over the events limit (64 KiB) with 413, before reading it whole', async () => {
    const sent = upstream();
    let pulled = 0;
    const chunk = new Uint8Array(16 * 1024);
    // A stream that never ends: the route must stop at the limit.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(`${SHOP}/svc/events/v1/demo_shop`, {
      method: 'POST',
      body: endless,
      duplex: 'half',
    } as RequestInit);
    const response = await createPlatformRoute()(request);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(BODY_LIMITS.events / chunk.length + 2);
    expect(sent).toEqual([]);
  });

  it('takes exactly 64 KiB of events, refuses one byte more; a Content-Length over it at once', async () => {
    const sent = upstream();
    const route = createPlatformRoute();
    expect((await route(post('/svc/events/v1/t', 'x'.repeat(65_536)))).status).toBe(200);
    expect((await route(post('/svc/events/v1/t', 'x'.repeat(65_537)))).status).toBe(413);
    expect((await route(post('/svc/v1/callback?data=x', 'x'.repeat(BODY_LIMITS.callback + 1)))).status).toBe(413);
    expect((await route(post('/svc/stash/v1.1/kv/set/t/public/k', 'x'.repeat(BODY_LIMITS.stash)))).status).toBe(200);
    const declared = new Request(`${SHOP}/svc/events/v1/t`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-length': '999999' },
    });
    expect((await route(declared)).status).toBe(413);
    expect(sent).toHaveLength(2);
  });

  it('answers 504 when the platform does not answer within the timeout', async () => {
    upstream(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const started = performance.now();
    const response = await createPlatformRoute({ timeout: 150 })(post('/svc/events/v1/demo_shop'));
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ status: 504, message: 'the platform did not answer within 150 ms' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("answers 504 when the answer's body stalls past the timeout, 502 when the platform cannot be reached", async () => {
    upstream((_url, init) => {
      const stalled = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"sta'));
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(stalled, { headers: { 'content-type': 'application/json' } });
    });
    expect((await createPlatformRoute({ timeout: 100 })(post('/svc/events/v1/t'))).status).toBe(504);
    upstream(() => Promise.reject(new TypeError('fetch failed')));
    expect((await createPlatformRoute()(post('/svc/events/v1/t'))).status).toBe(502);
  });
});

describe('the visitor cookies', () => {
  const attributes = (cookie: string) => {
    const [pair, ...rest] = cookie.split('; ');
    const expires = rest.find((a) => a.startsWith('Expires='));
    return {
      pair,
      rest: rest.filter((a) => !a.startsWith('Expires=')).sort(),
      expires: expires && Date.parse(expires.slice(8)),
    };
  };

  it("a known visitor's _svcTracker and svc_permanent are set again: one year, Path=/, the registrable domain, Lax, Secure", async () => {
    upstream();
    const response = await createPlatformRoute()(
      post('/svc/events/v1/demo_shop', '{}', {
        cookie: 'session=s; _svcTracker=abc-123; svc_permanent=abc-123:1700000000',
      }),
    );
    const cookies = response.headers.getSetCookie().map(attributes);
    expect(cookies.map((c) => c.pair)).toEqual(['_svcTracker=abc-123', 'svc_permanent=abc-123:1700000000']);
    for (const cookie of cookies) {
      expect(cookie.rest).toEqual(['Domain=shop.example', 'Max-Age=31536000', 'Path=/', 'SameSite=Lax', 'Secure']);
      expect(Math.abs((cookie.expires as number) - (Date.now() + 365 * 86_400_000))).toBeLessThan(5000);
    }
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('the domain the tracker probe finds: public suffixes skipped, host-only for localhost and IPs; cookieDomain wins', async () => {
    upstream();
    const domainOf = async (url: string, options = {}) => {
      const request = new Request(url, { method: 'POST', body: '{}', headers: { cookie: '_svcTracker=v1' } });
      const [cookie] = (await createPlatformRoute(options)(request)).headers.getSetCookie();
      return /Domain=([^;]+)/.exec(cookie)?.[1] ?? '(host-only)';
    };
    expect(await domainOf('https://shop.example.co.uk/svc/events/v1/t')).toBe('example.co.uk');
    expect(await domainOf('https://a.b.shop.github.io/svc/events/v1/t')).toBe('shop.github.io');
    expect(await domainOf('https://shop.example/svc/events/v1/t')).toBe('shop.example');
    expect(await domainOf('http://localhost:3000/svc/events/v1/t')).toBe('(host-only)');
    expect(await domainOf('http://127.0.0.1:3000/svc/events/v1/t')).toBe('(host-only)');
    expect(await domainOf('http://[::1]:3000/svc/events/v1/t')).toBe('(host-only)');
    expect(await domainOf('https://www.shop.example/svc/events/v1/t', { cookieDomain: 'www.shop.example' })).toBe(
      'www.shop.example',
    );
    expect(await domainOf('https://www.shop.example/svc/events/v1/t', { cookieDomain: '' })).toBe('(host-only)');
  });

  it('Secure only on https, unless `secure` says otherwise', async () => {
    upstream();
    const secureOf = async (url: string, options = {}) => {
      const request = new Request(url, { method: 'POST', body: '{}', headers: { cookie: '_svcTracker=v1' } });
      return (await createPlatformRoute(options)(request)).headers.getSetCookie()[0].includes('; Secure');
    };
    expect(await secureOf('http://shop.example/svc/events/v1/t')).toBe(false);
    expect(await secureOf('http://shop.example/svc/events/v1/t', { secure: true })).toBe(true);
    expect(await secureOf('https://shop.example/svc/events/v1/t')).toBe(true);
  });

  it("a new visitor: the experiences answer's generated contextId becomes _svcTracker; nothing else is invented", async () => {
    upstream(() =>
      Response.json({ experiencePayloads: [], contextId: 'f00dcafe'.repeat(4), cookieDomains: ['.shop.example'] }),
    );
    const route = createPlatformRoute();
    const fresh = await route(get('/svc/v1/demo_shop/experiences'));
    expect(fresh.headers.getSetCookie().map((c) => c.split('; ')[0])).toEqual([`_svcTracker=${'f00dcafe'.repeat(4)}`]);
    expect(await fresh.json()).toMatchObject({ contextId: 'f00dcafe'.repeat(4) });
    // A request that named its id, or any other interface, gets no cookie it did not carry.
    expect((await route(get('/svc/v1/demo_shop/experiences?contextId=v9'))).headers.getSetCookie()).toEqual([]);
    expect((await route(post('/svc/events/v1/demo_shop'))).headers.getSetCookie()).toEqual([]);
    // A known visitor keeps the id it carried.
    const known = await route(get('/svc/v1/demo_shop/experiences', { cookie: '_svcTracker=v1' }));
    expect(known.headers.getSetCookie().map((c) => c.split('; ')[0])).toEqual(['_svcTracker=v1']);
  });

  it('Sec-GPC: 1 gets no Set-Cookie at all', async () => {
    upstream(() => Response.json({ experiencePayloads: [], contextId: 'generated-1', cookieDomains: [] }));
    const route = createPlatformRoute();
    for (const request of [
      get('/svc/v1/demo_shop/experiences', { 'sec-gpc': '1' }),
      post('/svc/events/v1/demo_shop', '{}', { 'sec-gpc': '1', cookie: '_svcTracker=v1; svc_permanent=v1' }),
    ])
      expect((await route(request)).headers.getSetCookie()).toEqual([]);
  });

  it('a cookie value that is not cookie-octets is not set again', async () => {
    upstream();
    const response = await createPlatformRoute()(
      post('/svc/events/v1/t', '{}', { cookie: '_svcTracker="a b"; svc_permanent=ok' }),
    );
    expect(response.headers.getSetCookie().map((c) => c.split('; ')[0])).toEqual(['svc_permanent=ok']);
  });
});

describe('options, checked at createPlatformRoute', () => {
  const bad: [string, unknown][] = [
    ['options', 'svc'],
    ['options.prefix', 'svc'],
    ['options.prefix', '/svc/'],
    ['options.prefix', '/svc/../x'],
    ['options.prefix', '/'],
    ['options.upstream', 'ftp://platform.example'],
    ['options.upstream', '/relative'],
    ['options.upstream.events', 'not a url'],
    ['options.upstream.nope', 'https://x.example'],
    ['options.timeout', 0],
    ['options.timeout', 1.5],
    ['options.cookieDomain', 'shop example'],
    ['options.secure', 'yes'],
    ['options.prefixx', '/svc'],
  ];
  it.each(bad)('%s = %j: an InvalidArgumentError naming it', (argument, value) => {
    const options =
      argument === 'options'
        ? value
        : argument.startsWith('options.upstream.')
          ? { upstream: { [argument.slice(17)]: value } }
          : { [argument.slice(8)]: value };
    const attempt = () => createPlatformRoute(options as never);
    expect(attempt).toThrow(InvalidArgumentError);
    try {
      attempt();
    } catch (error) {
      expect((error as InvalidArgumentError).argument).toBe(argument);
    }
  });
});
