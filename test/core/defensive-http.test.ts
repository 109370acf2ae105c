import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkEndpoint, setEndpoints } from '../../src/core/endpoints';
import { request } from '../../src/core/http';
import { retryAfterMs } from '../../src/core/retry-after';
import { MAX_WAIT_MS } from '../../src/core/timer';
import { createExperiencesClient } from '../../src/experiences';
import { createIntegration } from '../../src/integrations';
import { recommendations } from '../../src/recommendations';
import { createStash } from '../../src/stash';
import { createTracker } from '../../src/tracker';
import { failure, thrown } from '../support/failure';

// Issue 20's client points, through core: redirects, Retry-After, endpoints, 429 in the stash.
const server = setupServer();
const requests: Request[] = [];
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  server.events.on('request:start', ({ request }) => requests.push(request));
});
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

describe('redirects are refused: the platform never redirects', () => {
  it('a 302 on a stash kv.set is PROTOCOL naming the location, and no GET follows', async () => {
    server.use(
      http.post(
        'https://stash.svc.example/stash/v1.1/kv/set/t/public/k',
        () => new HttpResponse(null, { status: 302, headers: { Location: 'https://stash.svc.example/elsewhere' } }),
      ),
    );
    const error = await failure(createStash('kv', 't').set('k', 'v'));
    expect(error.code).toBe('PROTOCOL');
    expect(error.message).toContain('redirected to https://stash.svc.example/elsewhere');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST https://stash.svc.example/stash/v1.1/kv/set/t/public/k',
    ]);
  });
  it('a 307 to another origin sends the value nowhere else', async () => {
    server.use(
      http.post(
        'https://stash.svc.example/stash/v1.1/kv/set/t/public/k',
        () => new HttpResponse(null, { status: 307, headers: { Location: 'https://evil.example/steal' } }),
      ),
    );
    const error = await failure(createStash('kv', 't').set('k', 'secret'));
    expect(error.code).toBe('PROTOCOL');
    expect(requests.map((r) => new URL(r.url).host)).toEqual(['stash.svc.example']);
  });
});

describe('Retry-After read defensively', () => {
  it.each([
    ['120', 120_000],
    ['0', 0],
    ['1.5', 1500],
    ['1e20', MAX_WAIT_MS],
    ['Infinity', MAX_WAIT_MS],
    ['Wed, 21 Oct 2015 07:28:00 GMT', 0],
    ['Wed, 21 Oct 2099 07:28:00 GMT', MAX_WAIT_MS],
    ['soon', undefined],
    ['-1', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s -> %s', (header, ms) => expect(retryAfterMs(header)).toBe(ms));

  it.each(['1e20', 'Infinity', 'garbage'])(
    'a 429 with Retry-After %s is RATE_LIMITED with a code (no RangeError)',
    async (header) => {
      server.use(
        http.post('https://integrations.svc.example/v1/t/integrations/n/execute', () =>
          HttpResponse.json({ status: 429 }, { status: 429, headers: { 'Retry-After': header } }),
        ),
      );
      const error = await failure(createIntegration('n', { trackingId: 't' }).execute());
      expect(error.code).toBe('RATE_LIMITED');
    },
  );
});

describe('the stash does not retry 429 (docs/stash.md: network failures and 5xx only)', () => {
  it('one request, RATE_LIMITED with retryAt from Retry-After', async () => {
    server.use(
      http.get('https://stash.svc.example/stash/v1.1/kv/get/t/public/k', () =>
        HttpResponse.json({ status: 429 }, { status: 429, headers: { 'Retry-After': '30' } }),
      ),
    );
    const before = Date.now();
    const error = await failure(createStash('kv', 't').get('k'));
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(Date.parse((error as unknown as { retryAt: string }).retryAt) - before).toBeGreaterThanOrEqual(29_000);
    expect(requests).toHaveLength(1);
  });
  it('a 503 asking for longer than the 2 s cap ends the retries at once', async () => {
    server.use(
      http.get('https://stash.svc.example/stash/v1.1/kv/get/t/public/k', () =>
        HttpResponse.json({ status: 503 }, { status: 503, headers: { 'Retry-After': '30' } }),
      ),
    );
    const error = await failure(createStash('kv', 't').get('k'));
    expect(error.code).toBe('SERVER_ERROR');
    expect(requests).toHaveLength(1);
  });
});

describe('endpoints: http(s) URLs only, refused before any request', () => {
  const bad = [
    'javascript:alert(1)',
    'ftp://files.example',
    'not a url',
    'https://',
    5,
    '',
    'https://x.example/' + 'a'.repeat(2100),
  ];
  it.each(bad)('checkEndpoint refuses %s', (value) =>
    expect(thrown(() => checkEndpoint('options.endpoint', value)).code).toBe('INVALID_ARGUMENT'),
  );
  it('setEndpoints refuses a non-URL and an unknown name, naming it, and sets nothing then', () => {
    expect(thrown(() => setEndpoints({ recs: 5 as unknown as string })).message).toContain('endpoints.recs');
    expect(thrown(() => setEndpoints({ recommendations: 'https://x.example' } as never)).message).toContain(
      'endpoints.recommendations',
    );
    expect(thrown(() => setEndpoints(null as never)).code).toBe('INVALID_ARGUMENT');
  });
  it('every client refuses a javascript: endpoint with INVALID_ARGUMENT naming options.endpoint', async () => {
    const endpoint = 'javascript:alert(1)';
    expect(thrown(() => createStash('kv', 't', { endpoint })).message).toContain('options.endpoint');
    expect(thrown(() => createIntegration('n', { trackingId: 't', endpoint })).message).toContain('options.endpoint');
    expect(thrown(() => createExperiencesClient({ trackingId: 't', endpoint })).message).toContain('endpoint');
    expect(thrown(() => createTracker({ trackingId: 't', endpoint })).message).toContain('options.endpoint');
    const error = await failure(recommendations({ meta: { trackingId: 't', visitorId: 'v' } }, { endpoint }).get());
    expect(error.message).toContain('endpoint');
    expect(requests).toEqual([]);
  });
});

describe('visitorId: at most 256 characters, refused before any request', () => {
  it('a 1 MB visitorId never reaches the query string', async () => {
    const error = await failure(recommendations({ meta: { trackingId: 't', visitorId: 'v'.repeat(1_000_000) } }).get());
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(error.message).toContain('visitorId');
    expect(requests).toEqual([]);
  });
  it('256 characters are accepted', async () => {
    server.use(
      http.post('https://recs.svc.example/vc/recommend/2.1/t', () =>
        HttpResponse.json({
          status: 200,
          result: { items: [{ id: 'p', weight: 1, strategy: 'popular', details: {} }] },
        }),
      ),
    );
    await expect(
      recommendations({ meta: { trackingId: 't', visitorId: 'v'.repeat(256) } }).get(),
    ).resolves.toHaveLength(1);
  });
});

describe('request', () => {
  it("a timeout of 0 is no timeout: ky's own 10 s default never applies", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('https://recs.svc.example/slow', async () => {
        await answered;
        return HttpResponse.json({ status: 200 });
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = request('https://recs.svc.example/slow', { timeout: 0 });
      await vi.advanceTimersByTimeAsync(11_000); // past ky's default timeout
      answer();
      await expect(pending).resolves.toEqual({ status: 200 });
    } finally {
      vi.useRealTimers();
    }
  });
});
