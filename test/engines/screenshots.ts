// Screenshots of the demo (`/` of scripts/demo-server.mjs, over the build) and of the carousel page
// (test/e2e/pages/element-carousel.html, on the suite's shop with eight items) in each engine named,
// at a phone's width (390 px) and a desktop's (1366 px), to look at:
// `npx tsx test/engines/screenshots.ts <dir> [webkit firefox chromium]`. The demo at 390 px in
// WebKit is docs/demo-webkit-phone.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { listen } from '../../scripts/demo-server.mjs';
import { startMockServer } from '../../src/mock/server';
import { ENGINES, type EngineName } from './drivers';
import { startFront, startShop } from './servers';

const [dir = 'screenshots', ...named] = process.argv.slice(2);
const engines = (named.length ? named : ['webkit', 'firefox']) as EngineName[];
const WIDTHS = [390, 1366];
const items = Array.from({ length: 8 }, (_, i) => ({
  id: `p${i + 1}`,
  weight: 10 - i,
  strategy: 'popular',
  details: { name: `Product ${i + 1}`, url: `/p${i + 1}` },
}));

await mkdir(dir, { recursive: true });
const demo = await listen(0, '127.0.0.1');
const demoUrl = `http://localhost:${(demo.address() as { port: number }).port}/`;
const mock = await startMockServer({ port: 0, fixtures: true });
mock.platform().faults.set('recommend', { raw: JSON.stringify({ status: 200, result: { items } }) });
const front = await startFront(mock.url);
const shop = await startShop(front.url);
try {
  for (const name of engines) {
    const engine = await ENGINES[name]();
    try {
      for (const width of WIDTHS) {
        const height = width < 600 ? 844 : 900;
        const page = await engine.page({ width, height });
        // The window's width is read on the shop, not the demo: in WebKit, a demo framed after the
        // top-level demo registered its service worker renders nothing.
        await page.open(`${shop.url}/engines/shop.html`);
        // A window that cannot be as narrow (MiniBrowser's is 447 px at least) shows the page in a
        // frame of the size, on its origin (test/e2e/pages/phone-frame.html), and only the frame is taken.
        const framed = (await page.evaluate(() => innerWidth)) !== width;
        const open = (origin: string, path: string) =>
          page.open(
            framed
              ? `${origin}/test-pages/phone-frame.html?${new URLSearchParams({ src: path, width: `${width}`, height: `${height}` })}`
              : `${origin}${path}`,
          );
        /** Waits for an element of the page (in the frame when framed), asking once a second. */
        const shows = async (selector: string) => {
          for (let i = 0; i < 30; i++) {
            await new Promise((resolve) => setTimeout(resolve, 1000));
            const found = await page.evaluate((selector) => {
              const frame = document.querySelector<HTMLIFrameElement>('#frame');
              const doc = frame ? frame.contentDocument : document;
              return doc?.readyState === 'complete' && doc.querySelector(selector) !== null;
            }, selector);
            if (found) return;
          }
          throw new Error(`no ${selector} after 30 s`);
        };
        const take = (file: string) => page.screenshot(join(dir, file), framed ? '#frame' : undefined);
        await open(new URL(demoUrl).origin, '/');
        // The demo's products come from its mock (a service worker): wait for the first card.
        await shows('#page img');
        await new Promise((resolve) => setTimeout(resolve, 1500)); // images decoded, fonts laid out
        await take(`demo-${name}-${width}.png`);
        await open(shop.url, '/test-pages/element-carousel.html');
        await shows('#widget[state="ready"]');
        await take(`carousel-${name}-${width}.png`);
        console.log(`${name} ${width}: ${framed ? 'in a frame' : 'the window'}`);
        await page.close();
      }
    } finally {
      await engine.close();
    }
  }
} finally {
  await shop.close();
  await front.close();
  await mock.close();
  demo.close();
}
