import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/browser';
import { median, type Row, round } from './types';

// What a page gains when its server renders the cards (docs/server.md) over the client-side
// widget, with the same platform latency: the time from navigation until the four cards are
// painted in Chromium (the frame after they are all in the document: a MutationObserver installed
// before the page's first byte, then requestAnimationFrame and a task, the first point after the
// frame's paint that a page can observe. Element Timing reports no text entries in headless Chromium).
// - server-rendered: the page's server waits on the platform (LATENCY_MS), then sends the cards in
//   the first byte, inside `<svc-recommendations>`, which adopts them (no request from the browser);
// - client-side: the page is sent at once; the element asks the platform (LATENCY_MS) and renders.
// Both pages load dist/svc.min.js. Interleaved rounds, a fresh page each.
const LATENCY_MS = 100;
const ROUNDS = 25;
const WARMUP = 3;
const CARDS = 4;

const ITEMS = Array.from({ length: CARDS }, (_, i) => ({
  id: `p${i}`,
  weight: 1 - i / 10,
  strategy: 'popular',
  details: { name: `Product ${i}`, url: `/p/p${i}` },
}));
const RECS = JSON.stringify({ status: 200, result: { items: ITEMS } });

const STYLE = '<style>svc-recommendations{display:block;min-height:120px}a{display:block;height:30px}</style>';
const SCRIPT = '<script src="/svc.min.js" data-tracking-id="bench"></script>';
const serverCards = ITEMS.map(
  (item) =>
    `<a data-svc-item="${item.id}" data-svc-strategy="popular" data-svc-weight="${item.weight}" href="${item.details.url}">` +
    `<span>${item.details.name}</span></a>`,
).join('');
const TEMPLATE = '<template><a data-svc-href="url"><span data-svc-field="name"></span></a></template>';
const page = (inside: string) =>
  `<!doctype html><html><head>${STYLE}${SCRIPT}</head><body><h1>Product</h1>` +
  `<svc-recommendations strategy="popular" limit="${CARDS}">${inside}</svc-recommendations></body></html>`;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function serve(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const html = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
  if (url.pathname === '/svc.min.js')
    return response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync('dist/svc.min.js'));
  if (url.pathname.startsWith('/vc/recommend/')) {
    request.resume();
    await wait(LATENCY_MS);
    return response.writeHead(200, { 'Content-Type': 'application/json' }).end(RECS);
  }
  if (url.pathname.startsWith('/events/')) {
    request.resume();
    return response.writeHead(204).end();
  }
  if (url.pathname === '/server.html') {
    await wait(LATENCY_MS); // the shop's server waiting on the platform before its first byte
    return response.writeHead(200, html).end(page(serverCards));
  }
  return response.writeHead(200, html).end(page(TEMPLATE));
}

/**
 * Installed before the page loads: `window.cardsPainted` resolves with the ms from navigation
 * start to the frame after `CARDS` cards (links inside the element) are in the document. A string,
 * as the functions tsx compiles call a helper the page does not have.
 */
const WATCH_CARDS = `
  window.cardsPainted = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (document.querySelectorAll('svc-recommendations a[href]').length < ${CARDS}) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
    });
    observer.observe(document, { childList: true, subtree: true });
  });`;

export default async function (): Promise<Row[]> {
  const server = createServer((request, response) => void serve(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext();
    // The platform is this server, for every client on the page: the slot `setEndpoints()` fills,
    // set before the script tag runs (the element asks as soon as it is parsed).
    await context.addInitScript((base) => {
      (globalThis as Record<symbol, unknown>)[Symbol.for('svc.endpoints')] = { recs: base, events: base };
    }, origin);
    const timed = (path: string) => async () => {
      const tab = await context.newPage();
      await tab.addInitScript({ content: WATCH_CARDS });
      await tab.goto(`${origin}${path}`, { waitUntil: 'commit' });
      const ms = await tab.evaluate(() => (window as unknown as { cardsPainted: Promise<number> }).cardsPainted);
      const asked = await tab.evaluate(() =>
        performance.getEntriesByType('resource').some((entry) => entry.name.includes('/vc/recommend/')),
      );
      if (path === '/server.html' && asked) throw new Error('the server-rendered page asked the platform');
      await tab.close();
      return ms;
    };
    const samples: [number[], number[]] = [[], []];
    const runs = [timed('/server.html'), timed('/client.html')];
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      for (let k = 0; k < runs.length; k++) {
        const index = (round + k) % runs.length; // each goes first in turn
        const ms = await runs[index]();
        if (round >= WARMUP) samples[index].push(ms);
      }
    }
    const [rendered, client] = samples.map(median);
    const note = `median of ${ROUNDS} interleaved page loads, platform latency ${LATENCY_MS} ms, Chromium, loopback`;
    return [
      {
        bench: 'first paint',
        metric: 'four cards painted: server-rendered (adopted by <svc-recommendations>)',
        value: round(rendered, 1),
        unit: 'ms',
        note,
      },
      {
        bench: 'first paint',
        metric: 'four cards painted: client-side widget (<svc-recommendations> asks after load)',
        value: round(client, 1),
        unit: 'ms',
        note,
      },
    ];
  } finally {
    await browser.close();
    server.close();
  }
}
