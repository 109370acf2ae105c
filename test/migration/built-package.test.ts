// @vitest-environment happy-dom
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// Issue 23's behaviours through the built packages (dist/, as published; `npm run build` first),
// against the built @svc/mock behind MSW: positions and copies, browser locales end to end,
// defaultLocale, unknown keys in every client.
const dist = resolve(import.meta.dirname, '../../dist');
const load = async (name: string) => {
  const file = join(dist, name, 'index.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return import(pathToFileURL(file).href);
};
const [recs, mockPackage, trackerPackage, stashPackage, experiencesPackage, integrationsPackage] = await Promise.all(
  ['recommendations', 'mock', 'tracker', 'stash', 'experiences', 'integrations'].map(load),
);

const TID = 'shop1';
const FEED = ['p1', 'p2', 'p3'].map((id) => ({
  id,
  locales: {
    'en-GBP': { name: `Product ${id}`, currency: 'GBP' },
    'de-EUR': { name: `Produkt ${id}`, currency: 'EUR' },
  },
}));
// One more product in en-GBP only: en-GBP is the catalog's most common locale.
FEED.push({ id: 'p4', locales: { 'en-GBP': { name: 'Product p4', currency: 'GBP' } } } as (typeof FEED)[number]);

const platform = mockPackage.createMockPlatform();
platform.admin.recommend.loadFeed(TID, FEED);
const server = setupServer(...mockPackage.createHandlers(platform));
const recsRequests: URL[] = [];
server.events.on('request:start', ({ request }) => {
  // Not happy-dom's CORS preflights: the requests the client sends.
  if (request.method !== 'OPTIONS' && request.url.startsWith('https://recs.svc.example/'))
    recsRequests.push(new URL(request.url));
});
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
const trackers: { stop(): void }[] = [];
afterEach(() => {
  for (const tracker of trackers.splice(0)) tracker.stop();
  recsRequests.length = 0;
  for (const name of ['_svcTracker', 'svc_permanent'])
    document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  localStorage.clear();
});
afterAll(() => server.close());

const startTracker = () => {
  const tracker = trackerPackage.createTracker({
    trackingId: TID,
    consent: 'granted',
    cookieDomain: '',
    batchDelay: 0,
  });
  trackers.push(tracker);
  return tracker;
};

describe('@svc/recommendations as built', () => {
  it("an ecView with language 'de-DE', currency 'EUR' gives German details; the debug answer names de-EUR", async () => {
    startTracker().emit('ecView', { type: 'home', language: 'de-DE', country: 'DE', currency: 'EUR' });
    const items = await recs
      .recommendations({ meta: { trackingId: TID } }, { strategy: 'new', limit: 3 })
      .get({ debug: true });
    expect(recsRequests[0].searchParams.get('locale')).toBe('de-EUR');
    expect(items.map((item: { details: { name: string } }) => item.details.name)).toEqual(
      items.map((item: { id: string }) => `Produkt ${item.id}`),
    );
    expect(items.locale).toBe('de-EUR');
  });

  it('defaultLocale before any ecView; an unknown locale falls back to the catalog default', async () => {
    const client = recs.recommendations(
      { meta: { trackingId: TID } },
      { strategy: 'new', limit: 4, defaultLocale: 'de_DE-eur', debug: true },
    );
    expect((await client.get()).locale).toBe('de-EUR');
    const unknown = await client.get({ locale: 'sv-SEK' });
    expect(unknown.locale).toBe('en-GBP');
    expect(recsRequests.map((url) => url.searchParams.get('locale'))).toEqual(['de-EUR', 'sv-SEK']);
  });

  it('clicked: position from the argument, item.position, or the place of a copy; once per id, strategy and position', async () => {
    const emitMetric = vi.fn();
    const client = recs.recommendations({ meta: { trackingId: TID }, emitMetric }, { strategy: 'new', limit: 3 });
    const items = await client.get();
    await client.clicked(JSON.parse(JSON.stringify(items[1])));
    await client.clicked({ ...items[1] });
    await client.clicked({ ...items[0], position: 5 });
    await client.clicked(items[2], 9);
    await client.shown({ ...items[0] });
    await client.shown(Object.assign({}, items[0]));
    expect(emitMetric.mock.calls.map(([type, data]) => [type, data.id, data.position])).toEqual([
      ['recommendationClicked', items[1].id, 2],
      ['recommendationClicked', items[0].id, 5],
      ['recommendationClicked', items[2].id, 9],
      ['recommendationShown', items[0].id, undefined],
    ]);
    await expect(client.clicked({ id: 'elsewhere', weight: 1, strategy: 'new' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      argument: 'position',
    });
  });
});

describe('unknown keys, as built', () => {
  const refusal = async (call: () => unknown) => {
    try {
      await call();
    } catch (error) {
      return {
        code: (error as { code: string }).code,
        argument: (error as { argument: string }).argument,
        message: (error as Error).message,
      };
    }
    return undefined;
  };

  it.each<[string, () => unknown, string, string]>([
    [
      'recommendations: limt',
      () => recs.recommendations({ meta: { trackingId: TID } }, { limt: 4 }),
      'config.limt',
      'did you mean `limit`?',
    ],
    [
      'recommendations: url',
      () => recs.recommendations({ meta: { trackingId: TID } }).get({ url: 'https://x' }),
      'config.url',
      'use `endpoint`',
    ],
    [
      'recommendations: defaultCurrency',
      () => recs.recommendations({ meta: { trackingId: TID } }, { defaultCurrency: 'EUR' }),
      'config.defaultCurrency',
      'use `defaultLocale`',
    ],
    [
      'stash',
      () => stashPackage.createStash('kv', TID, { namepsace: 'a' }),
      'options.namepsace',
      'did you mean `namespace`?',
    ],
    [
      'tracker',
      () => trackerPackage.createTracker({ trackingId: TID, url: 'https://x' }),
      'options.url',
      'use `endpoint`',
    ],
    [
      'experiences',
      () => experiencesPackage.createExperiencesClient({ trackingId: TID, timout: 1 }),
      'options.timout',
      'did you mean `timeout`?',
    ],
    [
      'integrations',
      () => integrationsPackage.createIntegration('crm', { trackingId: TID, endpiont: 'https://x' }),
      'options.endpiont',
      'did you mean `endpoint`?',
    ],
  ])('%s', async (_name, call, argument, message) => {
    expect(await refusal(call)).toEqual({
      code: 'INVALID_ARGUMENT',
      argument,
      message: expect.stringContaining(message),
    });
    expect(recsRequests).toEqual([]);
  });
});
