// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { InvalidArgumentError, type Recommendation, recommendations } from '../../src/recommendations';
import { useMockPlatform } from '../support/mock-server';
import { FEED, RAW_ANSWER, TID } from './feed';
import { ecView, recommendationEvents, useTrackers } from './page-tracker';

// Recommendations as storefront code calls them: its own copies of items, positions on the items,
// browser locales, against the mock's engine (not a fixed answer) where the details matter.
const mock = useMockPlatform();
const trackers = useTrackers();

/** A client delivering through `emitMetric` (over the fixed answer: p2, p4, p1), its calls, one result. */
async function withEmitMetric() {
  mock.platform.faults.set('recommend', RAW_ANSWER);
  const emitMetric = vi.fn();
  const client = recommendations({ meta: { trackingId: TID }, emitMetric });
  const items = await client.get();
  const sent = () =>
    emitMetric.mock.calls.map(([type, data]) => [type.replace('recommendation', ''), data.id, data.position]);
  return { client, items, emitMetric, sent };
}

describe('clicked(item, position?): the position', () => {
  it('is the argument, else item.position, else the place in the get() result', async () => {
    const { client, items, sent } = await withEmitMetric();
    await client.clicked({ ...items[0], position: 5 }, 9);
    await client.clicked({ ...items[1], position: 5 });
    await client.clicked(items[2]);
    expect(sent()).toEqual([
      ['Clicked', 'p2', 9],
      ['Clicked', 'p4', 5],
      ['Clicked', 'p1', 3],
    ]);
  });

  it('item.position set on the item of the result itself wins over its place', async () => {
    const { client, items, sent } = await withEmitMetric();
    (items[0] as Recommendation & { position?: number }).position = 5;
    await client.clicked(items[0]);
    expect(sent()).toEqual([['Clicked', 'p2', 5]]);
  });

  it.each<[string, (item: Recommendation) => Recommendation]>([
    ['a spread copy', (item) => ({ ...item })],
    ['an Object.assign copy', (item) => Object.assign({}, item)],
    ['a JSON round trip', (item) => JSON.parse(JSON.stringify(item))],
  ])('of %s without position: the place of the item with its id and strategy', async (_name, copy) => {
    const { client, items, sent } = await withEmitMetric();
    await client.clicked(copy(items[1]));
    expect(sent()).toEqual([['Clicked', 'p4', 2]]);
  });

  it('of a copy: the latest get() result holding the item', async () => {
    const { client, items, sent } = await withEmitMetric();
    mock.platform.faults.set('recommend', {
      raw: JSON.stringify({ status: 200, result: { items: [{ id: 'p9', weight: 1 }, { ...items[2] }] } }),
    });
    await client.get();
    await client.clicked({ ...items[2] });
    expect(sent()).toEqual([['Clicked', 'p1', 2]]);
  });

  it('refused only when none is known: INVALID_ARGUMENT naming position, nothing sent', async () => {
    const { client, sent } = await withEmitMetric();
    const error = await client.clicked({ id: 'elsewhere', weight: 1, strategy: 'popular' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).argument).toBe('position');
    // Same id, other strategy: not the item of the result.
    await expect(client.clicked({ id: 'p2', weight: 1, strategy: 'new' })).rejects.toMatchObject({
      argument: 'position',
    });
    expect(sent()).toEqual([]);
  });
});

describe('once per item id, strategy and position, copies included', () => {
  it('shown: the item and its copies send once; another position sends again', async () => {
    const { client, items, sent } = await withEmitMetric();
    await client.shown(items[0]);
    await client.shown({ ...items[0] });
    await client.shown(Object.assign({}, items[0]));
    await client.shown(JSON.parse(JSON.stringify(items[0])));
    await client.shown({ ...items[0], position: 1 });
    await client.shown({ ...items[0], position: 4 });
    await client.shown({ ...items[0], position: 4 });
    // Position fields never travel with shown (PROTOCOL.md's table).
    expect(sent()).toEqual([
      ['Shown', 'p2', undefined],
      ['Shown', 'p2', undefined],
    ]);
  });

  it('clicked: concurrent calls with copies send once', async () => {
    const { client, items, sent } = await withEmitMetric();
    await Promise.all([
      client.clicked(items[1]),
      client.clicked({ ...items[1] }),
      client.clicked({ ...items[1], position: 2 }),
    ]);
    expect(sent()).toEqual([['Clicked', 'p4', 2]]);
  });

  it('each client counts its own (one client per widget)', async () => {
    const { client, items, emitMetric } = await withEmitMetric();
    const other = recommendations({ meta: { trackingId: TID }, emitMetric });
    await client.shown(items[0]);
    await other.shown({ ...items[0], position: 1 });
    expect(emitMetric).toHaveBeenCalledTimes(2);
  });

  it('through the page tracker: the events that reach it', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const tracker = trackers.start();
    const events = recommendationEvents(tracker);
    const client = recommendations({ meta: { trackingId: TID, experienceId: 4 } });
    const items = await client.get();
    for (const item of items.map((item, i) => ({ ...item, position: i + 1 }))) await client.shown(item);
    await client.shown(items[0]);
    await client.clicked({ ...items[2], position: 3 });
    await client.clicked(items[2]);
    expect(events).toEqual([
      ['recommendationShown', { id: 'p2', weight: 9.5, strategy: 'popular', experienceId: '4' }],
      ['recommendationShown', { id: 'p4', weight: 7, strategy: 'cf_viewed', experienceId: '4' }],
      ['recommendationShown', { id: 'p1', weight: 3, strategy: 'popular', experienceId: '4' }],
      ['recommendationClicked', { id: 'p1', weight: 3, strategy: 'popular', experienceId: '4', position: 3 }],
    ]);
  });
});

describe('end to end through the mock engine: browser locales', () => {
  it("an ecView with language 'de-DE', currency 'EUR' gives German details", async () => {
    mock.platform.admin.recommend.loadFeed(TID, FEED);
    trackers.start().emit('ecView', ecView('de-DE', 'EUR'));
    const items = await recommendations({ meta: { trackingId: TID } }, { strategy: 'new', limit: 3 }).get({
      debug: true,
    });
    expect(items.map((item) => item.details.name)).toEqual(items.map((item) => `Produkt ${item.id}`));
    expect(items.every((item) => item.details.currency === 'EUR')).toBe(true);
    expect(items.locale).toBe('de-EUR');
  });

  it("the previous client's lower-case form matches too; an unknown locale falls back to the catalog default, named with debug", async () => {
    // One more product in en-GBP only: en-GBP is the catalog's most common locale.
    mock.platform.admin.recommend.loadFeed(TID, [
      ...FEED,
      { id: 'p6', locales: { 'en-GBP': { name: 'Product p6', currency: 'GBP' } } },
    ]);
    const client = recommendations({ meta: { trackingId: TID } }, { strategy: 'new', limit: 2, debug: true });
    const german = await client.get({ locale: 'de-de-eur' });
    expect(german.map((item) => item.details.currency)).toEqual(['EUR', 'EUR']);
    const unknown = await client.get({ locale: 'sv-SEK' });
    expect(unknown.locale).toBe('en-GBP');
    expect(unknown.map((item) => item.details.currency)).toEqual(['GBP', 'GBP']);
    // Without debug the answer does not name it.
    expect((await client.get({ locale: 'sv-SEK', debug: false })).locale).toBeUndefined();
  });
});
