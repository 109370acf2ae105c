// @vitest-environment node
// docs/server.md's recipes, run as written against `svc-mock serve`: the Workers `fetch` handler in
// workerd (miniflare), bundled from the built packages; the Express handler and the Next.js
// proxy.ts in Node, written out of the guide into test/runtimes/.recipes/ (git-ignored) and imported.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, kill9, startServer } from '../mock/server/child';
import { bundleBuilt as bundle } from './bundle';
import { guideRecipe } from './guide-recipe';

const root = join(import.meta.dirname, '..', '..');
let mock: Child;
beforeAll(async () => {
  mock = await startServer([]);
});
afterAll(() => kill9(mock.process));

/** The code block of docs/server.md marked `ts <tag>`. */
const recipe = (tag: string) => guideRecipe('server.md', tag);

/** The recipe of `tag` as a module of its own, imported (platform calls go to the mock). */
async function loadRecipe<T>(tag: string): Promise<T> {
  process.env.SVC_PLATFORM = mock.url;
  const dir = join(import.meta.dirname, '.recipes');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${tag}.ts`);
  writeFileSync(file, recipe(tag));
  return (await import(file)) as T;
}

const fault = (route: string, body: object | undefined) =>
  fetch(`${mock.url}/__svc/faults/${route}`, {
    method: body ? 'PUT' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });

describe('docs/server.md: the Workers fetch handler', () => {
  let worker: Miniflare;
  beforeAll(async () => {
    const script = await bundle(recipe('workers'));
    worker = new Miniflare({ modules: true, script, bindings: { MOCK: mock.url }, compatibilityDate: '2026-01-01' });
  });
  afterAll(() => worker?.dispose());

  it('renders the experience and four cards in the first response, and sets _svcTracker for a new visitor', async () => {
    const response = await worker.dispatchFetch('https://shop.example/product/p1');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toMatch(/^<!doctype html><h1>[^<]+<\/h1><ol data-svc-recommendations/);
    expect(html.match(/<li data-svc-item="/g)).toHaveLength(4);
    expect(response.headers.get('set-cookie')).toMatch(/^_svcTracker=[a-z0-9-]+; /);
  });

  it('a known visitor keeps their id: no cookie set', async () => {
    const first = await worker.dispatchFetch('https://shop.example/');
    const id = /_svcTracker=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
    expect(id).toBeTruthy();
    const again = await worker.dispatchFetch('https://shop.example/', { headers: { cookie: `_svcTracker=${id}` } });
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('Global Privacy Control (Sec-GPC: 1): a new visitor gets the page and no cookie', async () => {
    const response = await worker.dispatchFetch('https://shop.example/', { headers: { 'sec-gpc': '1' } });
    expect(await response.text()).toMatch(/^<!doctype html><h1>/);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('with the platform slower than the timeout, the page renders its default: Welcome, no cards', async () => {
    await fault('*', { latencyMs: 1500 });
    try {
      const response = await worker.dispatchFetch('https://shop.example/');
      expect(await response.text()).toBe('<!doctype html><h1>Welcome</h1>');
    } finally {
      await fault('*', undefined);
    }
  });
});

describe('docs/server.md: the Express handler', () => {
  it('serves the first response with the cards and the cookie; the default page when the platform is slow', async () => {
    const { app } = await loadRecipe<{ app: import('express').Express }>('express');
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const response = await fetch(url);
      const html = await response.text();
      expect(html).toMatch(/^<!doctype html><h1>[^<]+<\/h1><ol data-svc-recommendations>/);
      expect(html.match(/<li data-svc-item="/g)).toHaveLength(4);
      expect(response.headers.get('set-cookie')).toMatch(/^_svcTracker=[a-z0-9-]+; /);
      await fault('*', { latencyMs: 1500 });
      expect(await (await fetch(url)).text()).toBe('<!doctype html><h1>Welcome</h1>');
    } finally {
      await fault('*', undefined);
      server.close();
    }
  });
});

describe('docs/server.md: the Next.js proxy.ts', () => {
  type Proxy = (request: InstanceType<typeof import('next/server').NextRequest>) => Response;
  const load = async () => {
    const { NextRequest } = await import('next/server');
    const { proxy } = await loadRecipe<{ proxy: Proxy }>('next-proxy');
    return {
      proxy,
      request: (cookie?: string, headers: Record<string, string> = {}) =>
        proxy(
          new NextRequest('https://shop.example/product/p1', {
            headers: { ...headers, ...(cookie ? { cookie } : {}) },
          }),
        ),
    };
  };
  /** The visitor id the page's render is given (NextResponse.next({ request: { headers } }) sends it this way). */
  const visitorFor = (response: Response) => response.headers.get('x-middleware-request-x-svc-visitor');

  it('is examples/next/proxy.ts, as written', () => {
    expect(readFileSync(join(root, 'examples', 'next', 'proxy.ts'), 'utf8')).toBe(recipe('next-proxy'));
  });

  it('makes a visitor id for a new visitor, sets _svcTracker with it and passes it on to rendering', async () => {
    const { request } = await load();
    const response = request();
    const cookie = response.headers.get('set-cookie') ?? '';
    const id = /^_svcTracker=([a-z0-9-]+); /.exec(cookie)?.[1];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // On the cookie domain the host is under (shop.example for .shop.example), a year, Secure on https.
    expect(
      cookie
        .split('; ')
        .slice(1)
        .filter((a) => !a.startsWith('Expires='))
        .sort(),
    ).toEqual(['Domain=shop.example', 'Max-Age=31536000', 'Path=/', 'SameSite=Lax', 'Secure']);
    expect(visitorFor(response)).toBe(id);
    expect(visitorFor(request())).not.toBe(id);
  });

  it('Global Privacy Control (Sec-GPC: 1): no cookie set for a new visitor', async () => {
    const { request } = await load();
    expect(request(undefined, { 'sec-gpc': '1' }).headers.get('set-cookie')).toBeNull();
  });

  it('a returning visitor keeps the id (no cookie set); an id of svc_permanent alone goes to _svcTracker', async () => {
    const { request } = await load();
    const known = request('_svcTracker=visitor-1');
    expect(known.headers.get('set-cookie')).toBeNull();
    expect(visitorFor(known)).toBe('visitor-1');
    const older = request('svc_permanent=visitor-2:1795000000000');
    expect(older.headers.get('set-cookie')).toMatch(/^_svcTracker=visitor-2; /);
    expect(visitorFor(older)).toBe('visitor-2');
  });

  it('replaces a cookie value it cannot send, and never passes on an id the browser put in its header', async () => {
    const { request } = await load();
    for (const bad of ['a%20b', 'x'.repeat(257)]) {
      const response = request(`_svcTracker=${bad}`);
      const id = /^_svcTracker=([a-z0-9-]+); /.exec(response.headers.get('set-cookie') ?? '')?.[1];
      expect(id).toHaveLength(36);
      expect(visitorFor(response)).toBe(id);
    }
    expect(visitorFor(request('_svcTracker=visitor-1', { 'x-svc-visitor': 'someone-else' }))).toBe('visitor-1');
  });
});
