import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/browser';
import { median, type Row, round } from './types';

// The overhead a shop sees: dist/svc.min.js in Chromium against a real HTTP server on loopback
// (not MSW in the same process), on another origin than the page, as the platform is for every
// storefront (the page on 127.0.0.1, the API on localhost: CORS for both). Each round times one
// client call and one bare fetch of the same request, alternating which goes first; the server
// answers at once with a fixed body.

const ITEMS = Array.from({ length: 10 }, (_, i) => ({
  id: `p${i}`,
  weight: 1 - i / 10,
  strategy: 'popular',
  details: { name: `Product ${i}` },
}));
const RECS = JSON.stringify({ status: 200, result: { items: ITEMS } });
const EXPERIENCES = JSON.stringify({
  experiencePayloads: [{ payload: { a: 1 }, isControl: false, id: 1, callback: 'http://x.invalid/cb', variation: 11 }],
  contextId: 'v-1',
  cookieDomains: [],
});

function serve(request: IncomingMessage, response: ServerResponse) {
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'content-type',
    'Access-Control-Allow-Methods': 'GET, POST',
  };
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method === 'OPTIONS') return response.writeHead(204, cors).end();
  if (url.pathname === '/svc.min.js')
    return response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync('dist/svc.min.js'));
  if (url.pathname.startsWith('/vc/recommend/')) {
    request.resume();
    return request.on('end', () => response.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(RECS));
  }
  if (url.pathname.endsWith('/experiences'))
    return response.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(EXPERIENCES);
  return response
    .writeHead(200, { 'Content-Type': 'text/html' })
    .end('<!doctype html><script src="/svc.min.js"></script>');
}

type Window = { svc: typeof import('../../src/svc') };

export default async function (): Promise<Row[]> {
  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const api = `http://localhost:${port}`; // another origin than the page
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    const samples = await page.evaluate(async (origin) => {
      const { svc } = window as unknown as Window;
      svc.setEndpoints({ recs: origin, experiences: origin });
      const recs = svc.recommendations({ meta: { trackingId: 'bench', visitorId: 'v-1' } });
      const experiences = svc.createExperiencesClient({ trackingId: 'bench' });
      const recsUrl = `${origin}/vc/recommend/2.1/bench?strategy=popular&n=10&contextId=v-1`;
      const expUrl = `${origin}/v1/bench/experiences?contextId=v-1`;
      const pairs: Record<string, [() => Promise<unknown>, () => Promise<unknown>]> = {
        recommendations: [
          () => recs.get(),
          () =>
            fetch(recsUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{"h":["all"]}',
            }).then((r) => r.json()),
        ],
        experiences: [
          () => experiences.getExperiences({ contextId: 'v-1' }),
          () => fetch(expUrl).then((r) => r.json()),
        ],
      };
      const out: Record<string, [number[], number[]]> = {};
      for (const [name, [client, bare]] of Object.entries(pairs)) {
        const times: [number[], number[]] = [[], []];
        for (let round = 0; round < 600; round++) {
          const order = round % 2 ? [0, 1] : [1, 0];
          for (const k of order) {
            const t0 = performance.now();
            await (k === 0 ? client() : bare());
            if (round >= 100) times[k].push(performance.now() - t0);
          }
        }
        out[name] = times;
      }
      return out;
    }, api);
    const rows: Row[] = [];
    for (const [name, [client, bare]] of Object.entries(samples)) {
      const [c, b] = [median(client) * 1000, median(bare) * 1000];
      rows.push({
        bench: `${name} (Chromium, real HTTP)`,
        metric: 'client call vs bare fetch, median',
        value: `${round(c, 0)} vs ${round(b, 0)}`,
        unit: 'µs',
        note: `${round(c / b)} x; ${round(c - b, 0)} µs of client work (500 interleaved rounds, loopback server on another origin)`,
      });
    }
    return rows;
  } finally {
    await browser.close();
    server.close();
  }
}
