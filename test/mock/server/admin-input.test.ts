import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createHandlers, createMockPlatform, type MockPlatform } from '../../../src/mock';
import { adminResponse } from '../../../src/mock/server/admin';

// Issue 33, points 2 and 3: a refused admin call changes nothing (one check of every admin body,
// before anything is applied or journalled), and nothing the platform accepts breaks a later read.
const START = Date.parse('2026-11-21T12:00:00Z');
let platform: MockPlatform;
const target = {
  platform: () => platform,
  reset: () => {},
  load: () => {},
};
const fresh = () => {
  platform = createMockPlatform({ fixtures: true, now: START });
  return platform;
};
const call = async (method: string, path: string, text?: string) => {
  const response = await adminResponse(new Request(`http://127.0.0.1/__svc/${path}`, { method, body: text }), target);
  return { status: response.status, body: await response.json() };
};
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('the clock: a time it cannot hold is refused, and the clock stays', () => {
  it.each([
    ['clock/advance', '{"ms":1e300}', 'ms'],
    ['clock/advance', '{"ms":1e400}', 'body.ms'],
    ['clock/advance', '{"ms":-5}', 'ms'],
    ['clock/advance', '{"ms":"3600000"}', 'ms'],
    ['clock/set', '{"time":1e20}', 'time'],
    ['clock/set', '{"time":"not a time"}', 'time'],
    ['clock/advance', '{"ms":1000,"extra":1}', 'extra'],
  ])('POST %s %s: 400 naming %s', async (path, text, field) => {
    fresh();
    const refused = await call('POST', path, text);
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe(field);
    expect(platform.clock.now()).toBe(START);
    expect(platform.snapshot().operations.filter((o) => o.op.startsWith('clock.'))).toEqual([]);
    // The clock and what depends on it keep working.
    expect((await call('GET', 'clock')).body.now).toBe(START);
    expect((await call('POST', 'clock/advance', '{"ms":1000}')).body.now).toBe(START + 1000);
  });

  it('the in-process clock refuses a time past a Date as well, unchanged', () => {
    fresh();
    expect(() => platform.clock.advance(1e300)).toThrow(RangeError);
    expect(() => platform.clock.set(1e20)).toThrow(RangeError);
    expect(platform.clock.now()).toBe(START);
  });
});

describe('faults: every field checked, a misspelt one refused', () => {
  it.each([
    ['{"stauts":503}', 'stauts'],
    ['{"status":99}', 'status'],
    ['{"status":"abc"}', 'status'],
    ['{"raw":5}', 'raw'],
    ['{"latencyMs":1e12}', 'latencyMs'],
    ['{"times":"abc"}', 'times'],
    ['{"offline":"yes"}', 'offline'],
    [`{"raw":"x","deep":${nested(100_000)}}`, 'body'],
  ])('PUT faults/stash %.40s: 400 naming %s, no fault set, the route still served', async (text, field) => {
    fresh();
    const refused = await call('PUT', 'faults/stash', text);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: 400, field });
    expect(platform.faults.list()).toEqual({});
    const handlers = createHandlers(platform);
    const read = await getResponse(
      handlers,
      new Request('https://stash.svc.example/stash/v1.1/kv/get/demo_shop/public/k'),
    );
    expect(await read?.json()).toEqual({ status: 404 });
  });

  it('a valid fault is set as given', async () => {
    fresh();
    expect((await call('PUT', 'faults/stash', '{"status":503,"retryAfter":2,"times":1}')).status).toBe(200);
    expect(platform.faults.list()).toEqual({ stash: { status: 503, retryAfter: 2, times: 1 } });
  });
});

describe('admin calls: a body too deep is refused before the call', () => {
  it('createProperty with a field nested 100,000 levels: 400, no property, nothing recorded', async () => {
    fresh();
    const before = platform.snapshot().operations.length;
    const refused = await call(
      'POST',
      'admin/createProperty',
      `["deep", {"cookieDomains": [], "x": ${nested(100_000)}}]`,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('body');
    expect(refused.body.message).toMatch(/nested deeper than 64 levels/);
    expect(platform.properties.has('deep')).toBe(false);
    expect(platform.snapshot().operations).toHaveLength(before);
  });

  it('a number JSON cannot hold (1e400) in an argument is refused naming it', async () => {
    fresh();
    const refused = await call('POST', 'admin/createProperty', '["big", {"limit": 1e400}]');
    expect(refused.body).toMatchObject({ status: 400, field: 'body[1].limit' });
    expect(platform.properties.has('big')).toBe(false);
  });
});

describe('the platform endpoints bound depth at the edge', () => {
  const deepBatch = (levels: number) =>
    `{"sentAt":1,"events":[{"meta":{"id":"e-1","type":"ecView","ts":1,"visitorId":"v","pageViewId":"p","seq":1,"url":"/"},"data":{"type":"home","language":"en","country":"GB","currency":"GBP","x":${nested(levels)}}}]}`;

  it('an events batch nested 6,000 levels: 400, nothing received, inspect keeps answering', async () => {
    fresh();
    const handlers = createHandlers(platform);
    const response = await getResponse(
      handlers,
      new Request('https://events.svc.example/events/v1/shop', { method: 'POST', body: deepBatch(6000) }),
    );
    expect(response?.status).toBe(400);
    expect((await response!.json()).message).toMatch(/nested deeper than 64 levels/);
    expect(platform.inspect.events.received('shop')).toEqual([]);
    const inspect = await call('GET', 'inspect/events/received/shop');
    expect(inspect.status).toBe(200);
  });

  it('an execute payload nested 6,000 levels: 400, no run, inspect runs keeps answering', async () => {
    fresh();
    const handlers = createHandlers(platform);
    const body = `{"payload":${nested(6000)},"key":{}}`;
    const response = await getResponse(
      handlers,
      new Request('https://integrations.svc.example/v1/demo_shop/integrations/welcome-email/execute', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      }),
    );
    expect(response?.status).toBe(400);
    expect(platform.inspect.integrations.runs({ trackingId: 'demo_shop' })).toEqual([]);
    expect((await call('POST', 'inspect/integrations/runs', '[{"trackingId":"demo_shop"}]')).status).toBe(200);
  });
});
