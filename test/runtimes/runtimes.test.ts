import { EdgeRuntime } from 'edge-runtime';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, kill9, startServer } from '../mock/server/child';
import { bundleBuilt as bundle } from './bundle';

let mock: Child;
beforeAll(async () => {
  mock = await startServer([]);
});
afterAll(() => kill9(mock.process));

interface Answer {
  runtime: string;
  items: string[];
  generated: boolean;
  contextId: string;
  experiences: number;
  seen: boolean[];
  cookie: string;
}

function expectAnswer(answer: Answer, runtime: string) {
  expect(answer.runtime).toBe(runtime);
  expect(answer.items).toHaveLength(4);
  expect(answer.generated).toBe(true);
  expect(answer.contextId).toMatch(/^[a-z0-9-]{8,64}$/);
  expect(answer.experiences).toBeGreaterThan(0);
  expect(answer.seen.every(Boolean)).toBe(true);
  // A host cookie (no Domain) for a host that none of the property's cookie domains covers.
  const [pair, ...attributes] = answer.cookie.split('; ');
  expect(pair).toBe(`_svcTracker=${answer.contextId}`);
  expect(attributes.filter((a) => !a.startsWith('Expires=')).sort()).toEqual([
    'Max-Age=31536000',
    'Path=/',
    'SameSite=Lax',
    'Secure',
  ]);
}

describe('the clients at the edge, unchanged', () => {
  it('in workerd (Cloudflare Workers, through miniflare)', { timeout: 30_000 }, async () => {
    const script = await bundle(
      `import { handle } from './edge-handler';
       export default { fetch: (request, env) => handle(request, env.MOCK) };`,
      'esm',
    );
    const worker = new Miniflare({
      modules: true,
      script,
      bindings: { MOCK: mock.url },
      compatibilityDate: '2026-01-01',
    });
    try {
      const response = await worker.dispatchFetch('https://shop.example/product/p1');
      expect(response.status).toBe(200);
      expectAnswer((await response.json()) as Answer, 'workerd');
    } finally {
      await worker.dispose();
    }
  });

  it('in the Edge runtime (Vercel, edge-runtime)', { timeout: 30_000 }, async () => {
    const script = await bundle(
      `import { handle } from './edge-handler';
       addEventListener('fetch', (event) => event.respondWith(handle(event.request, ${JSON.stringify(mock.url)})));`,
      'iife',
    );
    const runtime = new EdgeRuntime({ initialCode: script });
    const response = await runtime.dispatchFetch('https://shop.example/product/p1');
    expect(response.status).toBe(200);
    expectAnswer((await response.json()) as Answer, 'edge');
  });
});
