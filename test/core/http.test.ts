import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isRetryable, type SvcError, TimeoutError } from '../../src/core/errors';
import { request, withQuery } from '../../src/core/http';
import { failure } from '../support/failure';

// The HTTP layer against the wire shapes it must survive: platform envelopes and what
// proxies and broken servers put in front of them (HTML error pages, truncated JSON).
const url = 'https://stash.svc.example/stash/v1.1/kv/get/t1/public/k';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('request', () => {
  it('returns the JSON body when HTTP and body status say 200', async () => {
    server.use(http.get(url, () => HttpResponse.json({ status: 200, data: 'v' })));
    await expect(request(url)).resolves.toEqual({ status: 200, data: 'v' });
  });

  it('sends JSON bodies as POST with a JSON content type', async () => {
    let seen: { method: string; type: string | null; body: unknown } | undefined;
    server.use(
      http.post(url, async ({ request: r }) => {
        seen = { method: r.method, type: r.headers.get('content-type'), body: await r.json() };
        return HttpResponse.json({ status: 200 });
      }),
    );
    await request(url, { json: { data: 'x' } });
    expect(seen).toEqual({ method: 'POST', type: 'application/json', body: { data: 'x' } });
  });

  it('SERVER_ERROR: body status 500 under HTTP 200', async () => {
    server.use(http.get(url, () => HttpResponse.json({ status: 500, message: 'boom' })));
    const error = await failure(request(url, { action: 'stash get "k"' }));
    expect(error.code).toBe('SERVER_ERROR');
    expect(error.status).toBe(500);
    expect(error.name).toBe('ServerError');
    expect(error.message).toBe('stash get "k": status 500: boom');
    expect(isRetryable(error)).toBe(true);
  });

  it('NOT_FOUND: HTTP 404 with a JSON body', async () => {
    server.use(
      http.get(url, () =>
        HttpResponse.json({ status: 404, message: 'The requested URL was not found on the server.' }, { status: 404 }),
      ),
    );
    const error = await failure(request(url));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('The requested URL was not found');
    expect(isRetryable(error)).toBe(false);
  });

  it('BAD_REQUEST: body status 400', async () => {
    server.use(http.get(url, () => HttpResponse.json({ status: 400, message: 'bad key' })));
    const error = await failure(request(url));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('bad key');
  });

  it('RATE_LIMITED: HTTP 429 carries retryAt from Retry-After', async () => {
    server.use(
      http.get(url, () => HttpResponse.json({ status: 429 }, { status: 429, headers: { 'Retry-After': '30' } })),
    );
    const before = Date.now();
    const error = (await failure(request(url))) as SvcError & { retryAt?: string };
    expect(error.code).toBe('RATE_LIMITED');
    const at = Date.parse(error.retryAt!);
    expect(at).toBeGreaterThanOrEqual(before + 29_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 31_000);
  });

  it('PROTOCOL: an HTML 502 page from a proxy', async () => {
    server.use(
      http.get(
        url,
        () =>
          new HttpResponse('<html><body>502 Bad Gateway</body></html>', {
            status: 502,
            headers: { 'Content-Type': 'text/html' },
          }),
      ),
    );
    const error = await failure(request(url));
    expect(error.code).toBe('PROTOCOL');
    expect(error.status).toBe(502);
    expect(error.message).toContain('HTTP 502 with a body that is not JSON');
    expect(isRetryable(error)).toBe(true);
  });

  it('PROTOCOL: truncated JSON under HTTP 200', async () => {
    server.use(
      http.get(url, () => new HttpResponse('{"status":200,"da', { headers: { 'Content-Type': 'application/json' } })),
    );
    expect((await failure(request(url))).code).toBe('PROTOCOL');
  });

  it('PROTOCOL: an envelope without a numeric status, or a body that is not an object', async () => {
    server.use(http.get(url, () => HttpResponse.json({ data: 'v' })));
    expect((await failure(request(url))).message).toContain('no numeric "status"');
    server.use(http.get(url, () => HttpResponse.json([1, 2])));
    expect((await failure(request(url))).message).toContain('not a JSON object');
  });

  it('does not require a status when envelope is false', async () => {
    server.use(http.get(url, () => HttpResponse.json({ experiencePayloads: [] })));
    await expect(request(url, { envelope: false })).resolves.toEqual({ experiencePayloads: [] });
  });

  it('TIMEOUT: aborts the request itself when the timeout passes', async () => {
    let aborted = false;
    server.use(
      http.get(url, async ({ request: r }) => {
        r.signal.addEventListener('abort', () => (aborted = true));
        await delay(2_000);
        return HttpResponse.json({ status: 200 });
      }),
    );
    const error = await failure(request(url, { timeout: 50 }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain('no response within 50 ms');
    expect((error as Error & { cause?: unknown }).cause).toBeInstanceOf(Error); // the abort's DOMException, not an Event
    await expect.poll(() => aborted).toBe(true);
  });

  it('TIMEOUT: also covers a body that stalls after the headers, and aborts the request', async () => {
    let aborted = false;
    server.use(
      http.get(url, ({ request: r }) => {
        r.signal.addEventListener('abort', () => (aborted = true));
        // Headers and a first chunk of a 100-byte body, then nothing. With its length announced,
        // the socket's close after the abort is a cut body to Node's fetch; without it, msw 3's
        // socket would end a close-delimited message on a request undici has aborted, and undici
        // asserts on that (an artefact of the interceptor, not of a real connection).
        const body = new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"status":')) });
        return new HttpResponse(body, { headers: { 'Content-Type': 'application/json', 'Content-Length': '100' } });
      }),
    );
    const error = await failure(request(url, { timeout: 80 }), TimeoutError);
    expect(error.message).toContain('no response within 80 ms');
    await expect.poll(() => aborted).toBe(true);
  });

  it('a signal aborted before the call rejects with its reason and sends nothing', async () => {
    let sent = 0;
    server.use(
      http.get(url, () => {
        sent++;
        return HttpResponse.json({ status: 200 });
      }),
    );
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    await expect(request(url, { signal: controller.signal })).rejects.toThrow('too late');
    expect(sent).toBe(0);
  });

  it('timeout 0 means none: a slow answer still arrives', async () => {
    server.use(
      http.get(url, async () => {
        await delay(150);
        return HttpResponse.json({ status: 200 });
      }),
    );
    await expect(request(url, { timeout: 0 })).resolves.toEqual({ status: 200 });
  });

  it('NETWORK: the connection fails', async () => {
    server.use(http.get(url, () => HttpResponse.error()));
    const error = await failure(request(url));
    expect(error.code).toBe('NETWORK');
    expect(isRetryable(error)).toBe(true);
    expect((error as Error & { cause?: unknown }).cause).toBeInstanceOf(Error);
  });

  it('rejects with the caller signal reason when aborted from outside', async () => {
    server.use(
      http.get(url, async () => {
        await delay(2_000);
        return HttpResponse.json({ status: 200 });
      }),
    );
    const controller = new AbortController();
    const pending = request(url, { signal: controller.signal });
    controller.abort(new Error('gone'));
    await expect(pending).rejects.toThrow('gone');
  });
});

describe('withQuery', () => {
  it('keeps order, drops undefined and false, sends true as a bare flag, encodes', () => {
    expect(withQuery('https://x/p', { a: 'b c', n: 5, skip: undefined, off: false, preview: true, s: 'x,y' })).toBe(
      'https://x/p?a=b%20c&n=5&preview&s=x%2Cy',
    );
    expect(withQuery('https://x/p', {})).toBe('https://x/p');
  });
});
