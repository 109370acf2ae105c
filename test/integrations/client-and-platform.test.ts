import { describe, expect, it } from 'vitest';
import { createIntegration, InvalidArgumentError } from '../../src/integrations';
import { seedDemoIntegrations } from '../../src/mock/platform/integrations/fixtures';
import { failure } from '../support/failure';
import { useMockPlatform } from '../support/mock-server';

// Acceptance audit of issue 8: behaviours no other test pinned down, each shown to fail against
// a broken client or mock (options null, a null delay, cancel matching every value, a cancel
// with an empty key, Retry-After rounding, a body without payload, a schedule already due), and an event-triggered run
// started by the events route itself rather than by a message on the platform's bus.
const mock = useMockPlatform({ now: '2026-11-23T10:00:00.000Z' }); // a monday
const tid = 'shop1';
const base = `https://integrations.svc.example/v1/${tid}/integrations`;

function remind() {
  mock.platform.admin.integrations.create(tid, { name: 'remind', handler: ({ payload }) => ({ got: payload }) });
  return createIntegration('remind', { trackingId: tid });
}
const post = async (path: string, body: string) => {
  const response = await fetch(`${base}/${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as unknown,
  };
};
const pendingPayloads = () => mock.platform.inspect.integrations.pending().map((p) => p.payload);

describe('client options', () => {
  it('schedule(payload, null) is schedule(payload), as execute(payload, null) is (not a TypeError)', async () => {
    const i = remind();
    await expect(i.schedule({ a: 1 }, null as never)).resolves.toEqual({
      executionId: 'ex-1',
      runAt: '2026-11-23T10:00:00.000Z',
    });
    await expect(i.execute({ a: 2 }, null as never)).resolves.toEqual({
      executionId: 'ex-2',
      result: { got: { a: 2 } },
    });
    expect((await mock.sent()).map((r) => r.body)).toEqual([
      '{"payload":{"a":1},"key":{},"delay":0}',
      '{"payload":{"a":2},"key":{}}',
    ]);
  });

  it('a null delay is refused like a null key or window, not sent as 0', async () => {
    const i = remind();
    const error = await failure(i.schedule({}, { delay: null as never }), InvalidArgumentError);
    expect(error.argument).toBe('options.delay');
    expect(error.message).toBe('options.delay must be an integer >= 0, < 9007199254740992 (got null)');
    expect(await mock.sent()).toEqual([]);
  });
});

describe('cancel', () => {
  it('removes only the schedules whose key has ALL the given values', async () => {
    const i = remind();
    await i.schedule('a', { key: { campaign: 'spring', email: 'h1' }, delay: 1000 });
    await i.schedule('b', { key: { campaign: 'summer', email: 'h1' }, delay: 1000 });
    await i.schedule('c', { key: { campaign: 'spring', email: 'h2' }, delay: 1000 });
    await i.schedule('d', { key: { email: 'h1' }, delay: 1000 });
    expect(await i.cancel({ campaign: 'spring', email: 'h1' })).toBe(1);
    expect(pendingPayloads()).toEqual(['b', 'c', 'd']);
    expect(await i.cancel({ campaign: 'spring', email: 'h3' })).toBe(0);
    expect(pendingPayloads()).toEqual(['b', 'c', 'd']);
  });

  it.each(['{"key":{}}', '{}', '{"key":null}'])('the mock refuses %s with 400 and cancels nothing', async (body) => {
    remind();
    await createIntegration('remind', { trackingId: tid }).schedule('a', { key: { order: 'o1' }, delay: 1000 });
    const answer = await post('remind/cancel', body);
    expect(answer.status).toBe(400);
    expect((answer.body as { status: number }).status).toBe(400);
    expect(pendingPayloads()).toEqual(['a']);
  });
});

describe('the mock', () => {
  it('rounds Retry-After up to whole seconds, so a client waiting that long is accepted', async () => {
    mock.platform.admin.integrations.create(tid, {
      name: 'once',
      settings: { rateLimits: [{ limit: 1, interval: 'hour' }] },
      handler: () => 'ok',
    });
    expect((await post('once/execute', '{}')).status).toBe(200);
    mock.platform.clock.advance(600_500);
    const refused = await post('once/execute', '{}');
    expect(refused).toEqual({
      status: 429,
      retryAfter: '3000',
      body: { status: 429, retryAt: '2026-11-23T11:00:00.000Z' },
    });
  });

  it('runs a handler with {} as payload when a body has none (execute and schedule)', async () => {
    remind();
    expect((await post('remind/execute', '{"key":{}}')).body).toEqual({
      status: 200,
      executionId: 'ex-1',
      result: { got: {} },
    });
    expect((await post('remind/schedule', '{"delay":5}')).body).toEqual({
      status: 200,
      executionId: 'ex-2',
      runAt: '2026-11-23T10:00:00.005Z',
    });
    expect(pendingPayloads()).toEqual([{}]);
    mock.platform.clock.advance(5);
    await mock.platform.inspect.integrations.idle();
    expect(mock.platform.inspect.integrations.runs().map((r) => [r.trigger, r.payload, r.result])).toEqual([
      ['execute', {}, { got: {} }],
      ['schedule', {}, { got: {} }],
    ]);
  });
});

describe('schedules whose runAt has already come', () => {
  // Each checked before any other request: every request ticks the clock, which would hide the fault.
  const ran = async () => {
    await mock.platform.inspect.integrations.idle();
    return mock.platform.inspect.integrations
      .runs()
      .map((r) => [r.executionId, r.trigger, new Date(r.at).toISOString(), r.status, r.result]);
  };

  it('run at once (not at whatever request comes next); a closed window still waits', async () => {
    const i = remind();
    await expect(i.schedule({ n: 1 })).resolves.toEqual({ executionId: 'ex-1', runAt: '2026-11-23T10:00:00.000Z' });
    expect(await ran()).toEqual([['ex-1', 'schedule', '2026-11-23T10:00:00.000Z', 'ok', { got: { n: 1 } }]]);
    await expect(i.schedule({ n: 2 }, { window: { day: 'mon', time: '09:00-17:00' } })).resolves.toEqual({
      executionId: 'ex-2',
      runAt: '2026-11-23T10:00:00.000Z',
    });
    expect((await ran())[1]).toEqual(['ex-2', 'schedule', '2026-11-23T10:00:00.000Z', 'ok', { got: { n: 2 } }]);
    await expect(i.schedule({ n: 3 }, { window: { day: 'tue' } })).resolves.toEqual({
      executionId: 'ex-3',
      runAt: '2026-11-24T00:00:00.000Z',
    });
    expect(await ran()).toHaveLength(2);
    expect(pendingPayloads()).toEqual([{ n: 3 }]);
  });
});

describe('event-triggered integrations, end to end through the events route', () => {
  it('run once per accepted event of their type (duplicates by meta.id are not re-run)', async () => {
    seedDemoIntegrations(mock.platform.admin.integrations, 'demo_shop');
    const meta = (id: string, type: string) => ({
      id,
      type,
      ts: Date.parse('2026-11-23T10:00:00.000Z'),
      visitorId: 'v1',
      pageViewId: 'pv1',
      seq: 1,
      url: 'https://shop.example/',
    });
    const summary = (id: string, value: number) => ({
      meta: meta(`evt-${id}`, 'ecBasketTransactionSummary'),
      data: { transaction: { id }, basket: { total: { value, currency: 'EUR' } } },
    });
    const send = async (events: unknown[]) =>
      (
        await fetch('https://events.svc.example/events/v1/demo_shop', {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
          body: JSON.stringify({ sentAt: 1, events }),
        })
      ).json();
    const product = { meta: meta('evt-p', 'ecProduct'), data: { eventType: 'detail', product: { productId: 'p1' } } };
    expect(await send([summary('o1', 30), product, summary('o2', 12.5)])).toEqual({
      status: 200,
      accepted: 3,
      duplicates: 0,
    });
    expect(await send([summary('o1', 30)])).toEqual({ status: 200, accepted: 0, duplicates: 1 });
    await mock.platform.inspect.integrations.idle();
    expect(
      mock.platform.inspect.integrations
        .runs()
        .map((r) => [r.integration, r.trigger, r.status, r.result, r.logs.map((l) => l.message)]),
    ).toEqual([
      ['order-summary', 'event', 'ok', { revenue: 30 }, ['order o1: 30 EUR']],
      ['order-summary', 'event', 'ok', { revenue: 42.5 }, ['order o2: 12.5 EUR']],
    ]);
    expect(mock.platform.inspect.integrations.cache('demo_shop', 'order-summary')).toEqual({ revenue: 42.5 });
  });
});
