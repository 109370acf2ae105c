import { readFileSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/browser';
import { median, type Row, round } from './types';

// The tracker in Chromium (dist/svc.min.js, the script-tag bundle): the cost of emit() per event
// and the start-up time of createTracker(). The page is served by a Playwright route as
// http://localhost/ with cross-origin isolation (COOP + COEP), so performance.now() has 5 µs
// resolution instead of 100 µs; the events endpoint answers 200 at once.

const ORIGIN = 'http://localhost';
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

async function page(browser: Browser) {
  const context = await browser.newContext();
  await context.route(`${ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/svc.min.js') {
      return route.fulfill({
        headers: { 'Content-Type': 'text/javascript', ...isolation },
        body: readFileSync('dist/svc.min.js'),
      });
    }
    return route.fulfill({
      headers: { 'Content-Type': 'text/html', ...isolation },
      body: '<!doctype html><script src="/svc.min.js"></script>',
    });
  });
  await context.route('https://events.svc.example/**', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json' },
      body: '{"status":200,"accepted":0,"duplicates":0}',
    }),
  );
  const p = await context.newPage();
  await p.goto(`${ORIGIN}/`);
  return { context, page: p };
}

type Svc = { svc: { createTracker(o: object): { emit(t: string, d: object): unknown; stop(): void; queued: number } } };

export default async function (): Promise<Row[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    // emit(): 10,000 events in 100 runs of 100, timed with the save of the queue that follows
    // them (once per task; while the platform answers, after 2 s unless acknowledged first). Three
    // settings: `delivering`, the queue drained between runs (a shop page: a few events, then quiet); `unreachable`, the platform down and the queue at its
    // 1,000 cap, saved whole each time; `memory`, consent pending (no storage), validation and
    // meta alone.
    const emitCost = async (mode: 'delivering' | 'unreachable' | 'memory') => {
      const { context, page: p } = await page(browser);
      if (mode === 'unreachable') await context.route('https://events.svc.example/**', (route) => route.abort());
      const runs = await p.evaluate(async (mode) => {
        if (!crossOriginIsolated) throw new Error('bench page is not cross-origin isolated: timer too coarse');
        const t = (window as unknown as Svc).svc.createTracker({
          trackingId: 'bench',
          consent: mode === 'memory' ? 'pending' : 'granted',
        });
        const data = {
          eventType: 'detail',
          product: {
            productId: 'p1',
            name: 'Blue shirt',
            price: { value: 19.9, currency: 'GBP' },
            categories: ['men', 'shirts'],
          },
        };
        const runs: number[] = [];
        for (let r = 0; r < 100; r++) {
          const t0 = performance.now();
          for (let i = 0; i < 100; i++) t.emit('ecProduct', data);
          await null; // the once-per-task save of the queue runs inside the measurement
          runs.push((performance.now() - t0) / 100);
          while (mode === 'delivering' && t.queued) await new Promise((resolve) => setTimeout(resolve, 1));
        }
        t.stop();
        return runs;
      }, mode);
      await context.close();
      return runs;
    };
    const cost = {
      delivering: await emitCost('delivering'),
      unreachable: await emitCost('unreachable'),
      memory: await emitCost('memory'),
    };

    // Start-up: createTracker() in a fresh context each time (no cookie, empty storage).
    const startups: number[] = [];
    for (let i = 0; i < 20; i++) {
      const fresh = await page(browser);
      startups.push(
        await fresh.page.evaluate(() => {
          const t0 = performance.now();
          const t = (window as unknown as Svc).svc.createTracker({ trackingId: 'bench' });
          const ms = performance.now() - t0;
          t.stop();
          return ms;
        }),
      );
      await fresh.context.close();
    }
    const emitRow = (what: keyof typeof cost, note: string): Row => ({
      bench: 'tracker',
      metric: `emit() per event, ${what} (median of 100 runs of 100)`,
      value: round(median(cost[what]) * 1000, 1),
      unit: 'µs',
      note,
    });
    return [
      emitRow(
        'delivering',
        'Chromium; validation, meta, serialisation, queue; queue drained between runs (the platform answering: the storage write waits 2 s and is skipped for what is acknowledged first)',
      ),
      emitRow(
        'unreachable',
        'same with the platform down: the events of each task written to storage as one chunk after the task',
      ),
      emitRow('memory', 'consent pending: no storage; validation, meta, serialisation'),
      {
        bench: 'tracker',
        metric: 'createTracker() start-up, median of 20',
        value: round(median(startups), 3),
        unit: 'ms',
        note: 'Chromium, fresh context: cookies written, storage opened, dead pages scanned',
      },
    ];
  } finally {
    await browser.close();
  }
}
