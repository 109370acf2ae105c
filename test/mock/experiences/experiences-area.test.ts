import { describe, expect, it } from 'vitest';
import type { BusTopics } from '../../../src/mock/platform/bus';
import { createBus } from '../../../src/mock/platform/bus';
import { createClock } from '../../../src/mock/platform/clock';
import { createExperiencesArea } from '../../../src/mock/platform/experiences';
import { createProperties } from '../../../src/mock/platform/properties';

// The experiences area of the mock platform on its own: iterations, preview, archive, segments
// over what tracking events taught it, variation filter, contextIds, cookie domains, callbacks.
const CALLBACK = 'https://experiences.svc.example/v1/callback';
const TID = 'shop';

function setup() {
  const clock = createClock('2026-11-21T12:00:00Z');
  const bus = createBus();
  const properties = createProperties(clock.now);
  const area = createExperiencesArea({ clock, bus, properties });
  let seq = 0;
  /** A tracking event as the events area publishes it once accepted. */
  const track = (visitorId: string, type: string, data: Record<string, unknown>, trackingId = TID) => {
    const event: BusTopics['event']['event'] = { meta: { id: `e${++seq}`, type, ts: clock.now(), visitorId }, data };
    bus.emit('event', { trackingId, event });
  };
  const serve = (query: Parameters<typeof area.service.experiences>[1], trackingId = TID) =>
    area.service.experiences(trackingId, query, CALLBACK);
  const served = (query: Parameters<typeof area.service.experiences>[1]) => {
    const answer = serve(query);
    if (!answer.found) throw new Error(`404 for ${answer.experienceId}`);
    return answer;
  };
  return { clock, properties, area, admin: area.admin, track, serve, served };
}

const decode = (callback: string) => {
  const data = new URL(callback).searchParams.get('data') as string;
  return JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
};

describe('experiences area: what is served', () => {
  it('builds callback URLs from the callback base and base64url JSON naming tracking id, experience, iteration, variation, contextId, isControl', () => {
    const { admin, served } = setup();
    admin.create(TID, { id: 4, name: 'Hero', variations: [{ id: 41, isControl: true }] });
    const [payload] = served({ contextId: 'ctx-1' }).experiencePayloads;
    expect(payload.callback).toMatch(/^https:\/\/experiences\.svc\.example\/v1\/callback\?data=[A-Za-z0-9_-]+$/);
    expect(decode(payload.callback)).toEqual({
      trackingId: TID,
      experience: 4,
      iteration: 1,
      variation: 41,
      contextId: 'ctx-1',
      isControl: true,
    });
    expect(payload).toEqual({ payload: {}, isControl: true, id: 4, callback: payload.callback, variation: 41 });
  });

  it('generates a contextId of [a-z0-9-] with 128 random bits when none is given', () => {
    const { served } = setup();
    const ids = new Set(Array.from({ length: 100 }, () => served({}).contextId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('cookieDomains come from the property settings; an unknown property has none and no payloads', () => {
    const { admin, properties, served, serve } = setup();
    properties.create(TID, { cookieDomains: ['.shop.example', 'shop.example'] });
    admin.create(TID, { name: 'Hero', variations: [{}] });
    expect(served({ contextId: 'v' }).cookieDomains).toEqual(['.shop.example', 'shop.example']);
    expect(serve({ contextId: 'v' }, 'elsewhere')).toEqual({
      found: true,
      experiencePayloads: [],
      contextId: 'v',
      cookieDomains: [],
    });
  });

  it('serves the latest published iteration; preview serves the latest one even unpublished', () => {
    const { admin, served } = setup();
    const e = admin.create(TID, { name: 'Hero', variations: [{ payload: { v: 'one' } }] });
    expect(e.id).toBe(1);
    expect(e.iterations[0].variations[0].id).toBe(11);
    admin.addIteration(TID, 1, { variations: [{ payload: { v: 'two' } }] });
    expect(served({ contextId: 'v' }).experiencePayloads.map((p) => [p.payload, decode(p.callback).iteration])).toEqual(
      [[{ v: 'one' }, 1]],
    );
    expect(
      served({ contextId: 'v', preview: true }).experiencePayloads.map((p) => [
        p.payload,
        p.variation,
        decode(p.callback).iteration,
      ]),
    ).toEqual([[{ v: 'two' }, 12, 2]]);
    admin.publish(TID, 1);
    expect(served({ contextId: 'v' }).experiencePayloads.map((p) => p.payload)).toEqual([{ v: 'two' }]);
    expect(served({ contextId: 'v', preview: true }).experiencePayloads.map((p) => p.payload)).toEqual([{ v: 'two' }]);
  });

  it('an experience with no published iteration is served only in preview', () => {
    const { admin, served } = setup();
    admin.create(TID, { name: 'Draft', published: false, variations: [{ payload: { v: 'draft' } }] });
    expect(served({ contextId: 'v' }).experiencePayloads).toEqual([]);
    expect(served({ contextId: 'v', experienceIds: [1] }).experiencePayloads).toEqual([]);
    expect(served({ contextId: 'v', preview: true }).experiencePayloads.map((p) => p.payload)).toEqual([
      { v: 'draft' },
    ]);
  });

  it('archived experiences are never served, and asking for one by id is not found', () => {
    const { admin, serve } = setup();
    admin.create(TID, { name: 'A', variations: [{}] });
    admin.create(TID, { name: 'B', variations: [{}] });
    admin.archive(TID, 1);
    const all = serve({ contextId: 'v', preview: true, ignoreSegments: true });
    expect(all.found && all.experiencePayloads.map((p) => p.id)).toEqual([2]);
    expect(serve({ contextId: 'v', experienceIds: [2, 1] })).toEqual({ found: false, experienceId: 1 });
    expect(serve({ contextId: 'v', experienceIds: [9, 1] })).toEqual({ found: false, experienceId: 9 });
  });

  it('variation returns only that variation master id, whatever the bucketing', () => {
    const { admin, served } = setup();
    admin.create(TID, { name: 'A', variations: [{ weight: 1000 }, { weight: 1, payload: { rare: true } }] });
    admin.create(TID, { name: 'B', variations: [{}] });
    expect(served({ contextId: 'v', variation: 12 }).experiencePayloads).toEqual([
      expect.objectContaining({ id: 1, variation: 12, payload: { rare: true } }),
    ]);
    expect(served({ contextId: 'v', variation: 21 }).experiencePayloads.map((p) => p.id)).toEqual([2]);
    expect(served({ contextId: 'v', variation: 99 }).experiencePayloads).toEqual([]);
  });

  it('variation master ids keep their meaning across iterations', () => {
    const { admin } = setup();
    admin.create(TID, { name: 'A', variations: [{ isControl: true }, {}] });
    const second = admin.addIteration(TID, 1, { variations: [{ id: 11, isControl: true }, {}] });
    expect(second.variations.map((v) => v.id)).toEqual([11, 13]);
  });
});

describe('experiences area: segments over what tracking events told the platform', () => {
  const segmented = (admin: ReturnType<typeof setup>['admin'], condition: object) =>
    admin.create(TID, {
      name: 'Segmented',
      segment: { name: 's', condition: condition as never },
      variations: [{ payload: { hit: true } }],
    });

  it('viewed categories (ecProduct)', () => {
    const { admin, track, served } = setup();
    segmented(admin, { in: ['Shoes', { var: 'viewedCategories' }] });
    expect(served({ contextId: 'v1' }).experiencePayloads).toEqual([]);
    track('v1', 'ecProduct', { eventType: 'detail', product: { productId: 'p1', categories: ['Sale', 'Shoes'] } });
    expect(served({ contextId: 'v1' }).experiencePayloads.map((p) => p.payload)).toEqual([{ hit: true }]);
    // Another visitor, and the same visitor of another property, know nothing of it.
    expect(served({ contextId: 'v2' }).experiencePayloads).toEqual([]);
  });

  it('basket value (ecBasketItemAction add/remove, emptied by ecBasketTransactionSummary)', () => {
    const { admin, track, served, area } = setup();
    segmented(admin, { '>=': [{ var: 'basket.value' }, 100] });
    const product = (value: number) => ({ productId: 'p', price: { value, currency: 'EUR' } });
    track('v', 'ecBasketItemAction', { action: 'add', product: product(40), quantity: 2 });
    expect(served({ contextId: 'v' }).experiencePayloads).toEqual([]);
    track('v', 'ecBasketItemAction', { action: 'add', product: product(25.5), quantity: 1 });
    expect(area.inspect.profile(TID, 'v').basket).toEqual({ value: 105.5, items: 3 });
    expect(served({ contextId: 'v' }).experiencePayloads).toHaveLength(1);
    track('v', 'ecBasketItemAction', { action: 'remove', product: product(40), quantity: 1 });
    expect(served({ contextId: 'v' }).experiencePayloads).toEqual([]);
    track('v', 'ecBasketTransactionSummary', {
      transaction: { id: 't1' },
      basket: { total: { value: 65.5, currency: 'EUR' } },
    });
    expect(area.inspect.profile(TID, 'v')).toMatchObject({
      basket: { value: 0, items: 0 },
      purchases: { count: 1, value: 65.5 },
    });
  });

  it('user fields (ecUser) and page context (ecView)', () => {
    const { admin, track, served, area } = setup();
    segmented(admin, { and: [{ '==': [{ var: 'user.tier' }, 'gold'] }, { '==': [{ var: 'country' }, 'DE'] }] });
    track('v', 'ecUser', JSON.parse('{"user":{"id":"u1","tier":"gold","__proto__":"x","n":5}}'));
    expect(served({ contextId: 'v' }).experiencePayloads).toEqual([]);
    track('v', 'ecView', { type: 'home', language: 'de', country: 'DE', currency: 'EUR' });
    expect(served({ contextId: 'v' }).experiencePayloads).toHaveLength(1);
    const profile = area.inspect.profile(TID, 'v');
    expect(profile).toMatchObject({ events: 2, pageTypes: ['home'], language: 'de', country: 'DE', currency: 'EUR' });
    expect({ ...profile.user }).toEqual({ id: 'u1', tier: 'gold' });
    expect(({} as Record<string, unknown>).tier).toBeUndefined();
    expect(Object.keys(profile.user).sort()).toEqual(['id', 'tier']);
  });

  it('ignoreSegments serves segmented experiences to everybody; a broken condition matches nobody', () => {
    const { admin, served } = setup();
    segmented(admin, { in: ['Shoes', { var: 'viewedCategories' }] });
    admin.create(TID, {
      name: 'Broken',
      segment: { name: 'b', condition: { no_such_operator: [1] } as never },
      variations: [{}],
    });
    expect(served({ contextId: 'v' }).experiencePayloads).toEqual([]);
    expect(served({ contextId: 'v', ignoreSegments: true }).experiencePayloads.map((p) => p.id)).toEqual([1, 2]);
  });

  it('events without a visitor id or of other types teach nothing', () => {
    const { track, area } = setup();
    track('', 'ecProduct', { product: { productId: 'p', categories: ['Shoes'] } });
    track('v', 'recommendationShown', { id: 'p', weight: 1, strategy: 'popular' });
    expect(area.inspect.profile(TID, 'v')).toMatchObject({ events: 1, viewedCategories: [], viewedProducts: [] });
  });
});

describe('experiences area: callbacks and metrics', () => {
  it('records views with the device id and platform time, control included, and counts forged data apart', () => {
    const { admin, served, area, clock } = setup();
    admin.create(TID, { name: 'A', variations: [{ isControl: true, weight: 1 }, { weight: 1 }] });
    const control = served({ contextId: 'c1', variation: 11 }).experiencePayloads[0];
    const data = (callback: string) => new URL(callback).searchParams.get('data');
    clock.advance(5000);
    area.service.callback(data(control.callback), { id: 'dev-1' });
    area.service.callback(data(control.callback), 'not an object');
    area.service.callback('@@@', { id: 'x' });
    area.service.callback(null, undefined);
    area.service.callback(
      Buffer.from(
        JSON.stringify({
          trackingId: TID,
          experience: 99,
          iteration: 1,
          variation: 1,
          contextId: 'c',
          isControl: false,
        }),
      ).toString('base64url'),
      {},
    );
    const at = Date.parse('2026-11-21T12:00:05Z');
    expect(area.inspect.views()).toEqual([
      {
        trackingId: TID,
        experience: 1,
        iteration: 1,
        variation: 11,
        contextId: 'c1',
        isControl: true,
        deviceId: 'dev-1',
        at,
      },
      { trackingId: TID, experience: 1, iteration: 1, variation: 11, contextId: 'c1', isControl: true, at },
    ]);
    expect(area.inspect.invalidCallbacks()).toBe(3);
    expect(area.inspect.metrics(TID, 1)[0].variations).toEqual([
      { variation: 11, name: 'Control', isControl: true, served: 1, views: 2, visitors: 1 },
      { variation: 12, name: 'Variation 12', isControl: false, served: 0, views: 0, visitors: 0 },
    ]);
  });
});

describe('experiences area: admin refuses broken definitions', () => {
  it.each([
    [{ name: 'x', variations: [] }, 'needs at least one variation'],
    [{ name: 'x', variations: [{ weight: 0 }] }, 'weight must be a positive number'],
    [{ name: 'x', variations: [{ id: 1.5 }] }, 'variation id must be a positive integer'],
    [{ name: 'x', variations: [{ id: 5 }, { id: 5 }] }, 'variation ids repeat'],
    [{ name: 'x', variations: [{ payload: [] }] }, 'payload must be a JSON object'],
    [{ name: '', variations: [{}] }, 'needs a name'],
    [{ id: 0, name: 'x', variations: [{}] }, 'id must be a positive integer'],
    [{ name: 'x', segment: { name: 's' }, variations: [{}] }, 'a segment is {name, condition}'],
  ])('%j', (definition, message) => {
    const { admin } = setup();
    expect(() => admin.create(TID, definition as never)).toThrow(message);
  });

  it('duplicate ids and unknown experiences', () => {
    const { admin } = setup();
    admin.create(TID, { id: 3, name: 'x', variations: [{}] });
    expect(() => admin.create(TID, { id: 3, name: 'y', variations: [{}] })).toThrow(
      'experience 3 already exists in "shop"',
    );
    expect(() => admin.archive(TID, 4)).toThrow('no experience 4 in "shop"');
    expect(admin.create(TID, { name: 'next', variations: [{}] }).id).toBe(4);
  });
});
