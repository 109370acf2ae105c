import { describe, expect, it } from 'vitest';
import { createExperiencesClient } from '../../src/experiences';
import { useMockPlatform } from '../support/mock-server';

// Segments over what the platform learnt from tracking events: events sent over PROTOCOL.md's
// events route change which experiences getExperiences returns for that contextId.
const mock = useMockPlatform({ now: '2026-11-21T12:00:00Z' });
const TID = 'shop';
let seq = 0;

async function track(visitorId: string, type: string, data: Record<string, unknown>) {
  seq += 1;
  const meta = {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    type,
    ts: Date.parse('2026-11-21T12:00:00Z'),
    visitorId,
    pageViewId: 'pv1',
    seq,
    url: 'https://www.shop.example/',
  };
  const response = await fetch(`https://events.svc.example/events/v1/${TID}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({ sentAt: meta.ts, events: [{ meta, data }] }),
  });
  expect(await response.json()).toEqual({ status: 200, accepted: 1, duplicates: 0 });
}

function seed() {
  const admin = mock.platform.admin.experiences;
  admin.create(TID, {
    id: 1,
    name: 'Shoe lovers',
    segment: { name: 'viewed shoes', condition: { in: ['Shoes', { var: 'viewedCategories' }] } },
    variations: [{ payload: { banner: 'shoes' } }],
  });
  admin.create(TID, {
    id: 2,
    name: 'Big baskets',
    segment: { name: 'basket >= 100', condition: { '>=': [{ var: 'basket.value' }, 100] } },
    variations: [{ payload: { banner: 'free shipping' } }],
  });
  admin.create(TID, {
    id: 3,
    name: 'Gold members',
    segment: { name: 'gold', condition: { '==': [{ var: 'user.tier' }, 'gold'] } },
    variations: [{ payload: { banner: 'gold' } }],
  });
}
const banners = async (contextId: string) =>
  (await createExperiencesClient({ trackingId: TID }).getExperiences({ contextId })).experiencePayloads.map(
    (p) => p.payload.banner,
  );

describe('segments from tracking events', () => {
  it('viewed categories, basket value and user fields put a visitor into segments', async () => {
    seed();
    expect(await banners('v1')).toEqual([]);
    await track('v1', 'ecProduct', { eventType: 'detail', product: { productId: 'p1', categories: ['Shoes'] } });
    expect(await banners('v1')).toEqual(['shoes']);
    await track('v1', 'ecBasketItemAction', {
      action: 'add',
      product: { productId: 'p1', price: { value: 60, currency: 'EUR' } },
      quantity: 2,
    });
    expect(await banners('v1')).toEqual(['shoes', 'free shipping']);
    await track('v1', 'ecUser', { user: { id: 'u1', tier: 'gold' } });
    expect(await banners('v1')).toEqual(['shoes', 'free shipping', 'gold']);
    // Another visitor knows none of it.
    expect(await banners('v2')).toEqual([]);
  });
});
