// @vitest-environment node
// docs/first-party.md's recipes of the platform route, run as written against `svc-mock serve`:
// the Workers one in workerd (miniflare) and the Edge one in edge-runtime, each bundled from the
// built @svc/proxy (dist/proxy); the Express one in Node through @remix-run/node-fetch-server; the
// Next.js route handler is examples/next's file.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { EdgeRuntime } from 'edge-runtime';
import type { Express } from 'express';
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

/** The code block of docs/first-party.md marked `ts <tag>`. */
const recipe = (tag: string) => guideRecipe('first-party.md', tag);

type Dispatch = (url: string, init?: RequestInit) => Promise<Response>;

/** What every runtime's route does: forwards the platform's paths, sets the cookies, refuses the rest. */
async function checkRoute(dispatch: Dispatch, shop = 'https://www.shop.example', domain = 'shop.example') {
  const recommended = await dispatch(`${shop}/svc/vc/recommend/2.1/demo_shop?strategy=popular&n=4`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: '_svcTracker=visitor-7; session=secret' },
    body: JSON.stringify({ h: ['all'] }),
  });
  expect(recommended.status).toBe(200);
  const body = (await recommended.json()) as { status: number; result: { items: unknown[] } };
  expect(body.status).toBe(200);
  expect(body.result.items).toHaveLength(4);
  const [cookie] = recommended.headers.getSetCookie();
  expect(cookie).toMatch(/^_svcTracker=visitor-7; /);
  if (domain) expect(cookie).toContain(`; Domain=${domain}; `);
  else expect(cookie).not.toContain('Domain=');
  expect(cookie).toContain('Max-Age=31536000');
  // A new visitor: the experiences answer's generated id, set by the route.
  const fresh = await dispatch(`${shop}/svc/v1/demo_shop/experiences`);
  const { contextId } = (await fresh.json()) as { contextId: string };
  expect(fresh.headers.getSetCookie()[0]).toMatch(new RegExp(`^_svcTracker=${contextId}; `));
  // The events interface, as the tracker sends a batch.
  const batch = { sentAt: Date.now(), events: [] };
  const events = await dispatch(`${shop}/svc/events/v1/demo_shop`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify(batch),
  });
  expect([200, 400]).toContain(events.status);
  expect(((await events.json()) as { status: number }).status).toBe(events.status);
  for (const path of ['/svc/__svc/state', '/svc/events/v1/..%2F__svc%2Fstate', '/svc//127.0.0.1/events/v1/x'])
    expect((await dispatch(`${shop}${path}`, { method: 'POST', body: '{}' })).status).toBe(404);
}

describe('docs/first-party.md, as written', () => {
  it('the Workers recipe, in workerd (miniflare)', { timeout: 30_000 }, async () => {
    const worker = new Miniflare({
      modules: true,
      script: await bundle(recipe('first-party-workers'), 'esm'),
      bindings: { SVC_UPSTREAM: mock.url },
      compatibilityDate: '2026-01-01',
    });
    try {
      await checkRoute((url, init) => worker.dispatchFetch(url, init as never) as unknown as Promise<Response>);
      expect(await (await worker.dispatchFetch('https://www.shop.example/')).text()).toBe('the shop');
    } finally {
      await worker.dispose();
    }
  });

  it('the Edge runtime recipe (Vercel, edge-runtime)', { timeout: 30_000 }, async () => {
    const code = `import handler from './.recipes/first-party-edge';
       addEventListener('fetch', (event) => event.respondWith(handler(event.request)));`;
    const dir = join(import.meta.dirname, '.recipes');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'first-party-edge.ts'), recipe('first-party-edge'));
    const runtime = new EdgeRuntime({
      initialCode: await bundle(code, 'iife'),
      extend: (context) => Object.assign(context, { process: { env: { SVC_UPSTREAM: mock.url } } }),
    });
    await checkRoute((url, init) => runtime.dispatchFetch(url, init) as unknown as Promise<Response>);
  });

  it('the Express 5 recipe, through @remix-run/node-fetch-server', async () => {
    process.env.SVC_UPSTREAM = mock.url;
    const dir = join(import.meta.dirname, '.recipes');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'first-party-express.ts');
    writeFileSync(file, recipe('first-party-express'));
    const { app } = (await import(file)) as { app: Express };
    const server: Server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    try {
      const { port } = server.address() as AddressInfo;
      // The shop at an IP address: host-only cookies, as the tracker's probe finds there.
      await checkRoute(fetch, `http://127.0.0.1:${port}`, '');
    } finally {
      server.close();
      delete process.env.SVC_UPSTREAM;
    }
  });

  it("the Next.js route handler is examples/next's app/svc/[...path]/route.ts", () => {
    const file = readFileSync(join(root, 'examples', 'next', 'app', 'svc', '[...path]', 'route.ts'), 'utf8');
    expect(file).toBe(recipe('first-party-next'));
  });
});
