import { describe, expect, it } from 'vitest';
import { createBus } from '../../src/mock/platform/bus';
import { createClock } from '../../src/mock/platform/clock';
import { createIntegrationsArea } from '../../src/mock/platform/integrations';
import { seedDemoIntegrations } from '../../src/mock/platform/integrations/fixtures';
import { createProperties } from '../../src/mock/platform/properties';
import { useMockPlatform } from '../support/mock-server';

// What starts an integration besides HTTP: tracking events of its property, deferkv deliveries
// naming it as their route, and a recurring schedule on the platform clock.
function area(now = '2026-11-23T10:20:30.000Z') {
  const clock = createClock(now);
  const bus = createBus();
  const integrations = createIntegrationsArea({ clock, bus, properties: createProperties(clock.now) });
  return { clock, bus, ...integrations };
}

const order = (id: string, value: number, type = 'ecBasketTransactionSummary') => ({
  meta: { id: `evt-${id}`, type, ts: 1 },
  data: { transaction: { id }, basket: { total: { value, currency: 'EUR' } } },
});

describe('event-triggered integrations', () => {
  it('run for each accepted event of their type and property, with the event as payload', async () => {
    const a = area();
    seedDemoIntegrations(a.admin, 'demo_shop');
    a.bus.emit('event', { trackingId: 'demo_shop', event: order('o1', 30) });
    a.bus.emit('event', { trackingId: 'demo_shop', event: order('o2', 12.5) });
    a.bus.emit('event', { trackingId: 'demo_shop', event: order('o3', 99, 'ecProduct') }); // other type
    a.bus.emit('event', { trackingId: 'other_shop', event: order('o4', 99) }); // other property
    await a.inspect.idle();
    const runs = a.inspect.runs({ integration: 'order-summary' });
    expect(runs.map((r) => [r.trigger, r.status, r.payload, r.result, r.logs])).toEqual([
      ['event', 'ok', order('o1', 30), { revenue: 30 }, [{ level: 'log', message: 'order o1: 30 EUR' }]],
      ['event', 'ok', order('o2', 12.5), { revenue: 42.5 }, [{ level: 'log', message: 'order o2: 12.5 EUR' }]],
    ]);
    expect(a.inspect.cache('demo_shop', 'order-summary')).toEqual({ revenue: 42.5 });
    expect(a.inspect.runs()).toHaveLength(2);
  });
});

describe('deferkv deliveries', () => {
  it('reach the integration named by their route, with {key, value, route} as payload', async () => {
    const a = area();
    seedDemoIntegrations(a.admin, 'demo_shop');
    a.bus.emit('delivery', {
      trackingId: 'demo_shop',
      key: 'v1:cart',
      value: '["p1"]',
      route: 'cart-reminder',
      at: a.clock.now(),
    });
    a.bus.emit('delivery', {
      trackingId: 'demo_shop',
      key: 'v1:cart',
      value: 'x',
      route: 'no-such-integration',
      at: a.clock.now(),
    });
    a.bus.emit('delivery', {
      trackingId: 'demo_shop',
      key: 'v1:cart',
      value: 'x',
      route: 'order-summary',
      at: a.clock.now(),
    }); // not HTTP-triggered
    await a.inspect.idle();
    expect(
      a.inspect.runs().map((r) => [r.integration, r.trigger, r.status, r.payload, r.result, r.logs[0].message]),
    ).toEqual([
      [
        'cart-reminder',
        'delivery',
        'ok',
        { key: 'v1:cart', value: '["p1"]', route: 'cart-reminder' },
        { reminded: 'v1:cart' },
        'cart reminder for v1:cart: ["p1"]',
      ],
    ]);
  });

  describe('end to end through the stash route', () => {
    const mock = useMockPlatform({ now: '2026-11-23T10:00:00.000Z' });
    it('a deferkv row routed to an integration runs it when its timestamp passes', async () => {
      seedDemoIntegrations(mock.platform.admin.integrations, 'demo_shop');
      const expiry = Date.parse('2026-11-23T10:30:00.000Z') / 1000;
      const response = await fetch('https://stash.svc.example/stash/v1.1/deferkv/set/demo_shop/public/v1:cart', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: '["p1","p2"]', timestamp: expiry, route: 'cart-reminder' }),
      });
      expect(await response.json()).toEqual({ status: 200 });
      mock.platform.clock.advance(30 * 60_000);
      await mock.platform.inspect.integrations.idle();
      expect(
        mock.platform.inspect.integrations
          .runs()
          .map((r) => [r.integration, r.trigger, new Date(r.at).toISOString(), r.payload]),
      ).toEqual([
        [
          'cart-reminder',
          'delivery',
          '2026-11-23T10:30:00.000Z',
          { key: 'v1:cart', value: '["p1","p2"]', route: 'cart-reminder' },
        ],
      ]);
    });
  });
});

describe('recurring integrations', () => {
  it('run on each UTC boundary as the clock advances', async () => {
    const a = area('2026-11-23T10:20:30.000Z');
    a.admin.create('shop1', { name: 'hourly', trigger: { every: 'hour' }, handler: ({ payload }) => payload });
    a.clock.advance(39 * 60_000 + 29_999); // 10:59:59.999
    await a.inspect.idle();
    expect(a.inspect.runs()).toEqual([]);
    a.clock.advance(1);
    a.clock.advance(3 * 3600_000);
    await a.inspect.idle();
    expect(a.inspect.runs().map((r) => [r.trigger, new Date(r.at).toISOString(), r.payload, r.status])).toEqual([
      ['recurring', '2026-11-23T11:00:00.000Z', { at: '2026-11-23T11:00:00.000Z' }, 'ok'],
      ['recurring', '2026-11-23T12:00:00.000Z', { at: '2026-11-23T12:00:00.000Z' }, 'ok'],
      ['recurring', '2026-11-23T13:00:00.000Z', { at: '2026-11-23T13:00:00.000Z' }, 'ok'],
      ['recurring', '2026-11-23T14:00:00.000Z', { at: '2026-11-23T14:00:00.000Z' }, 'ok'],
    ]);
  });

  it('weekly runs fall on monday 00:00 UTC; removing the integration stops them', async () => {
    const a = area('2026-11-25T08:00:00.000Z'); // a wednesday
    a.admin.create('shop1', { name: 'weekly', trigger: { every: 'week' }, handler: () => 'digest' });
    a.clock.set('2026-12-08T00:00:00.000Z');
    await a.inspect.idle();
    expect(a.inspect.runs().map((r) => new Date(r.at).toISOString())).toEqual([
      '2026-11-30T00:00:00.000Z',
      '2026-12-07T00:00:00.000Z',
    ]);
    expect(a.admin.remove('shop1', 'weekly')).toBe(true);
    a.clock.set('2026-12-30T00:00:00.000Z');
    await a.inspect.idle();
    expect(a.inspect.runs()).toHaveLength(2);
  });

  it('the trigger is fixed once created', () => {
    const a = area();
    a.admin.create('shop1', { name: 'hourly', trigger: { every: 'hour' }, handler: () => 1 });
    expect(() => a.admin.update('shop1', 'hourly', { trigger: 'HTTP' })).toThrow(
      'integrations: integration "hourly": the trigger is fixed once created (every hour)',
    );
    expect(() => a.admin.update('shop1', 'hourly', { trigger: { every: 'day' } })).toThrow('the trigger is fixed');
    expect(
      a.admin.update('shop1', 'hourly', { trigger: { every: 'hour' }, description: 'same trigger is fine' })
        .description,
    ).toBe('same trigger is fine');
    expect(a.admin.get('shop1', 'hourly')?.trigger).toEqual({ every: 'hour' });
  });
});
