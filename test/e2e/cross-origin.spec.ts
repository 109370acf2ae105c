import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type Child, kill9, startServer } from '../mock/server/child';

// Issue 28's acceptance in Chromium: a shop page served from one localhost port loads
// dist/svc.min.js and calls `svc-mock serve` on another port (CORS); pages of another origin
// cannot change the mock's state through its admin API; the shell still can.
const dist = join(import.meta.dirname, '..', '..', 'dist');
const NOW = Date.parse('2026-11-21T12:00:00Z');

let mock: Child;
let shop: Server;
let shopUrl: string;

/** The shop's own server (another port, so another origin than the mock): a blank page and svc.min.js. */
function startShop(): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === '/svc.min.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(readFileSync(join(dist, 'svc.min.js')));
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>shop</title><script src="/svc.min.js"></script><iframe name="sink"></iframe>');
  });
  return new Promise((resolve) => server.listen(0, 'localhost', () => resolve(server)));
}

/** A request from the shell: no Origin, headers as given (fetch would not send `Host` as given). */
function shell(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, mock.url), { method, headers }, (incoming) => {
      let text = '';
      incoming.on('data', (chunk: Buffer) => (text += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode!, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
const read = async (path: string) => JSON.parse((await shell('GET', path)).body);

test.beforeAll(async () => {
  mock = await startServer(['--clock', '2026-11-21T12:00:00Z']);
  shop = await startShop();
  shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}/`;
});
test.afterAll(async () => {
  await kill9(mock.process);
  await new Promise((resolve) => shop.close(resolve));
});

test('a shop on another origin: recommendations, stash, experiences and events reach svc-mock serve', async ({
  page,
}) => {
  await page.goto(shopUrl);
  const result = await page.evaluate(async (url) => {
    // biome-ignore lint/suspicious/noExplicitAny: window.svc is the script tag's untyped global
    const svc = (window as unknown as { svc: any }).svc;
    svc.setEndpoints({ recs: url, experiences: url, stash: url, events: url, integrations: url });
    const items = await svc.recommendations({ meta: { trackingId: 'demo_shop' } }, { limit: 3 }).get();
    const kv = svc.createStash('kv', 'demo_shop', { namespace: 'xo' });
    await kv.set('greeting', 'hello from another origin');
    const greeting = await kv.get('greeting');
    const experiences = await svc.createExperiencesClient({ trackingId: 'demo_shop' }).getExperiences();
    const tracker = svc.createTracker({ trackingId: 'demo_shop' });
    tracker.emit('ecView', { type: 'home', language: 'en', country: 'GB', currency: 'GBP' });
    await tracker.flush();
    return {
      items: items.length,
      greeting,
      payloads: experiences.experiencePayloads.length,
      visitor: tracker.visitorId,
    };
  }, mock.url);
  expect(result.items).toBe(3);
  expect(result.greeting).toBe('hello from another origin');
  expect(result.payloads).toBeGreaterThan(0);
  // Visible through the admin API, from the shell.
  const events: { meta: { type: string; visitorId: string } }[] = await read(
    '/__svc/inspect/events/received/demo_shop',
  );
  expect(events.filter((e) => e.meta.visitorId === result.visitor).map((e) => e.meta.type)).toContain('ecView');
  const stash = await read('/__svc/inspect/stash/snapshot/demo_shop');
  expect(stash.public['xo:greeting']).toBe('hello from another origin');
});

test('pages of another origin cannot change the admin state; the shell can; another Host gets 421', async ({
  page,
}) => {
  const json = { 'Content-Type': 'application/json' };
  expect((await shell('POST', '/__svc/admin/createProperty', json, '["marker"]')).status).toBe(200);
  await page.goto(shopUrl);
  const outcomes = await page.evaluate(async (url) => {
    const attempt = (path: string, init: RequestInit) =>
      fetch(url + path, init).then(
        (response) => (response.type === 'opaque' ? 'opaque' : String(response.status)),
        () => 'blocked',
      );
    const advance = JSON.stringify({ ms: 3600000 });
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = `${url}/__svc/reset`;
    form.target = 'sink';
    form.innerHTML = '<input name="a" value="1">';
    document.body.append(form);
    form.submit();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return [
      await attempt('/__svc/clock/advance', { method: 'POST', mode: 'no-cors', body: advance }),
      await attempt('/__svc/reset', { method: 'POST', mode: 'no-cors', body: '{}' }),
      await attempt('/__svc/reset', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }),
      await attempt('/__svc/clock/advance', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: advance,
      }),
      await attempt('/__svc/faults/stash', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: '{"status":503}',
      }),
    ];
  }, mock.url);
  // The no-cors requests get an opaque answer (the server refused them: 403); the JSON ones fail at the preflight.
  expect(outcomes).toEqual(['opaque', 'opaque', 'blocked', 'blocked', 'blocked']);
  expect((await read('/__svc/clock')).now).toBe(NOW);
  expect(await read('/__svc/faults')).toEqual({});
  // No reset happened: the property the shell created is still in the state.
  expect((await shell('GET', '/__svc/snapshot')).body).toContain('"marker"');

  // The shell: no Origin, JSON: works.
  expect((await shell('POST', '/__svc/clock/advance', json, '{"ms":1000}')).status).toBe(200);
  expect((await read('/__svc/clock')).now).toBe(NOW + 1000);
  // DNS rebinding: another Host.
  expect((await shell('GET', '/__svc/clock', { Host: `evil.example:${new URL(mock.url).port}` })).status).toBe(421);
});
