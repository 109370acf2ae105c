// @vitest-environment node
// The browser-safe clients (@svc/recommendations, @svc/experiences with contextCookie) in the
// runtimes where shops render at the edge: Cloudflare's workerd (through miniflare) and Vercel's
// Edge runtime (edge-runtime), each running edge-handler.ts bundled from the built packages,
// against `svc-mock serve` on this machine. Nothing is polyfilled: what a runtime lacks fails here.
import { join } from 'node:path';
import { EdgeRuntime } from 'edge-runtime';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, kill9, startServer } from '../mock/server/child';
import { distDir } from '../mock/server/readme';

let mock: Child;
beforeAll(async () => {
  mock = await startServer([]);
});
afterAll(() => kill9(mock.process));

/** edge-handler.ts with `wrapper` as its entry, bundled from the built packages (what a customer installs). */
async function bundle(wrapper: string, format: 'esm' | 'iife'): Promise<string> {
  const result = await build({
    stdin: { contents: wrapper, resolveDir: import.meta.dirname, loader: 'ts' },
    bundle: true,
    write: false,
    format,
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    conditions: ['worker', 'browser', 'import'],
    // The packages as a customer installs them: the built ones. npm run build links @svc/core and
    // @svc/recommendations into node_modules; @svc/experiences is its folder in dist/.
    alias: { '@svc/experiences': join(distDir, 'experiences') },
    nodePaths: [join(import.meta.dirname, '..', '..', 'node_modules')],
  });
  return result.outputFiles[0].text;
}

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
