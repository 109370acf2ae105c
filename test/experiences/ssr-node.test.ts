// @vitest-environment node
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, passthrough } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextCookie, createExperiencesClient, type ExperiencePayload } from '../../src/experiences';
import { seedHero } from '../support/experiences';
import { useMockPlatform } from '../support/mock-server';
import { cookieWrite } from '../support/set-cookie';

// Server-side rendering in plain Node (no DOM): a node:http server asks the platform (the mock,
// through msw/node interception) for the visitor's experience, renders its payload into the page,
// sets `_svcTracker` from contextCookie when the platform generated the id, and records the view.
const mock = useMockPlatform({ now: '2026-11-21T12:00:00Z' });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const readCookie = (header: string | undefined, name: string) => {
  const match = header?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : undefined;
};

/** The shop's page handler, as docs/experiences.md's SSR example writes it. */
function shopServer(): Server {
  const experiences = createExperiencesClient({ trackingId: 'shop', timeout: 1000 });
  return createServer(async (req, res) => {
    const host = req.headers.host ?? 'localhost';
    const scheme = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
    let hero: ExperiencePayload | undefined;
    try {
      const result = await experiences.getExperiences({
        contextId: readCookie(req.headers.cookie, '_svcTracker'),
        experienceIds: [1],
      });
      hero = result.experiencePayloads[0];
      if (result.generated)
        res.setHeader('Set-Cookie', contextCookie(result.contextId, result.cookieDomains, `${scheme}://${host}`));
      if (hero) await experiences.seen(hero, result.contextId);
    } catch {
      hero = undefined; // the page renders without personalisation
    }
    const headline = !hero || hero.isControl ? 'Welcome' : String(hero.payload.headline);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><h1>${escapeHtml(headline)}</h1>`);
  });
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function start(): Promise<number> {
  // Requests to the shop server itself are real; the platform's are the mock's.
  mock.server.use(http.all(/^http:\/\/(127\.0\.0\.1|www\.shop\.example)(:\d+)?\//, () => passthrough()));
  server = shopServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function get(
  port: number,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function seed() {
  seedHero(mock.platform, [
    { id: 11, isControl: true, weight: 1 },
    { id: 12, weight: 1, payload: { headline: 'Autumn <sale>' } },
    { id: 13, weight: 1, payload: { headline: 'Free shipping' } },
  ]);
}
const headlineOf = { 11: 'Welcome', 12: 'Autumn &#60;sale&#62;', 13: 'Free shipping' } as Record<number, string>;

describe('SSR with node:http', () => {
  it('runs without a DOM', () => {
    expect(typeof document).toBe('undefined');
    expect(typeof window).toBe('undefined');
  });

  it('a new visitor: the page carries their variation, the cookie is set, the view is recorded', async () => {
    seed();
    vi.useFakeTimers({ now: Date.parse('2026-11-21T12:00:00Z'), toFake: ['Date'] });
    const port = await start();
    const page = await get(port, { host: 'www.shop.example', 'x-forwarded-proto': 'https' });
    vi.useRealTimers();
    const [view] = mock.platform.inspect.experiences.views('shop');
    expect(page.status).toBe(200);
    expect(page.body).toBe(`<!doctype html><h1>${headlineOf[view.variation]}</h1>`);
    expect(view.contextId).toMatch(/^[a-z0-9-]{24,64}$/);
    expect(view.deviceId).toBe(view.contextId);
    expect((page.headers['set-cookie'] ?? []).map(cookieWrite)).toEqual([
      cookieWrite(
        `_svcTracker=${view.contextId}; Domain=shop.example; Path=/; Expires=Sun, 21 Nov 2027 12:00:00 GMT; Max-Age=31536000; SameSite=Lax; Secure`,
      ),
    ]);
    const platformCalls = (await mock.sent()).filter((r) => r.url.hostname === 'experiences.svc.example');
    expect(platformCalls.map((r) => `${r.method} ${r.url.href}`)).toEqual([
      'GET https://experiences.svc.example/v1/shop/experiences?experienceIds=1',
      expect.stringMatching(/^POST https:\/\/experiences\.svc\.example\/v1\/callback\?data=/),
    ]);
  });

  it('a returning visitor: their cookie is the contextId, the same variation, no new cookie', async () => {
    seed();
    const port = await start();
    const first = await get(port, { host: 'www.shop.example' });
    const cookie = String(first.headers['set-cookie']?.[0]).split(';')[0];
    expect(cookie).toMatch(/^_svcTracker=[a-z0-9-]+$/);
    const second = await get(port, { host: 'www.shop.example', cookie: `theme=dark; ${cookie}` });
    expect(second.headers['set-cookie']).toBeUndefined();
    expect(second.body).toBe(first.body);
    const views = mock.platform.inspect.experiences.views('shop');
    expect(views).toHaveLength(2);
    expect(views[1].contextId).toBe(cookie.slice('_svcTracker='.length));
    expect(views[1].variation).toBe(views[0].variation);
  });

  it('renders the unpersonalised page when the platform fails', async () => {
    seed();
    mock.platform.faults.set('experiences', { status: 503 });
    const port = await start();
    const page = await get(port, { host: 'www.shop.example' });
    expect(page.body).toBe('<!doctype html><h1>Welcome</h1>');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(mock.platform.inspect.experiences.views('shop')).toEqual([]);
  });
});
