import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultEndpoints } from '../../src/core/endpoints';
import { InvalidArgumentError, type Recommendation, recommendations, setEndpoints } from '../../src/recommendations';
import { useMockPlatform } from '../support/mock-server';
import { RAW_ANSWER, TID } from './feed';

// shown()/clicked(): the events of PROTOCOL.md's table through emitMetric and a direct POST, once per
// shown item, positions inferred. Delivery through the page's tracker: events-tracker.test.ts (happy-dom).
const mock = useMockPlatform();
beforeEach(() => mock.platform.faults.set('recommend', RAW_ANSWER));
afterEach(() => {
  setEndpoints({ ...defaultEndpoints });
});

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function refusal(promise: Promise<unknown>, argument: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidArgumentError);
  expect((error as InvalidArgumentError).argument).toBe(argument);
}

/** A client delivering through `emitMetric`, its recorded calls, and one get() result. */
async function withEmitMetric(meta: Record<string, unknown> = { trackingId: TID, experienceId: 12 }) {
  const emitMetric = vi.fn();
  const client = recommendations({ meta, emitMetric });
  const items = await client.get();
  return { client, items, emitMetric };
}

describe('path 1: options.emitMetric', () => {
  it('shown emits recommendationShown with id, weight, strategy, experienceId; no request', async () => {
    const { client, items, emitMetric } = await withEmitMetric();
    await client.shown(items[1]);
    expect(emitMetric.mock.calls).toEqual([
      ['recommendationShown', { id: 'p4', weight: 7, strategy: 'cf_viewed', experienceId: '12' }],
    ]);
    expect((await mock.sent()).map((r) => r.url.host)).toEqual(['recs.svc.example']);
  });

  it('without meta.experienceId the field is left out', async () => {
    const { client, items, emitMetric } = await withEmitMetric({ trackingId: TID });
    await client.shown(items[0]);
    expect(emitMetric.mock.calls).toEqual([['recommendationShown', { id: 'p2', weight: 9.5, strategy: 'popular' }]]);
  });

  it('clicked adds the 1-based position of the item in its get() result', async () => {
    const { client, items, emitMetric } = await withEmitMetric();
    await client.clicked(items[2]);
    await client.clicked(items[0]);
    expect(emitMetric.mock.calls).toEqual([
      ['recommendationClicked', { id: 'p1', weight: 3, strategy: 'popular', experienceId: '12', position: 3 }],
      ['recommendationClicked', { id: 'p2', weight: 9.5, strategy: 'popular', experienceId: '12', position: 1 }],
    ]);
  });

  it('clicked takes an explicit position over the inferred one', async () => {
    const { client, items, emitMetric } = await withEmitMetric();
    await client.clicked(items[0], 5);
    expect(emitMetric.mock.calls[0][1].position).toBe(5);
  });

  it('clicked is emitted once per item id, strategy and position (a second click on it sends nothing)', async () => {
    const { client, items, emitMetric } = await withEmitMetric();
    await client.clicked(items[1]);
    await client.clicked(items[1]);
    await client.clicked(items[1], 4);
    expect(emitMetric.mock.calls.map(([, data]) => [data.id, data.position])).toEqual([
      ['p4', 2],
      ['p4', 4],
    ]);
  });

  it('shown for the same item of the same result emits once, however often it is called', async () => {
    const { client, items, emitMetric } = await withEmitMetric();
    await Promise.all([client.shown(items[0]), client.shown(items[0])]);
    await client.shown(items[0]);
    await client.shown(items[1]);
    await client.shown(items[1]);
    expect(emitMetric.mock.calls.map(([type, data]) => [type, data.id])).toEqual([
      ['recommendationShown', 'p2'],
      ['recommendationShown', 'p4'],
    ]);
  });

  it('the same product at the same position of a new get() result is the same item: shown once', async () => {
    const { client, items, emitMetric } = await withEmitMetric();
    await client.shown(items[0]);
    const again = await client.get();
    await client.shown(again[0]);
    await client.shown(items[0]);
    // Rendered at another position, it is shown again.
    await client.shown({ ...items[0], position: 7 });
    expect(emitMetric.mock.calls.map(([, data]) => data.id)).toEqual(['p2', 'p2']);
  });

  it('a failed emitMetric does not count as shown: the next call emits again', async () => {
    const emitMetric = vi
      .fn()
      .mockRejectedValueOnce(new Error('experience framework down'))
      .mockResolvedValue(undefined);
    const client = recommendations({ meta: { trackingId: TID }, emitMetric });
    const [item] = await client.get();
    await expect(client.shown(item)).rejects.toThrow('experience framework down');
    await client.shown(item);
    await client.shown(item);
    expect(emitMetric).toHaveBeenCalledTimes(2);
  });

  it.each<[unknown, number]>([
    ['1,234.50', 1234.5],
    ['12', 12],
    [' 0.25 ', 0.25],
    ['-3', -3],
    ['1,000,000', 1000000],
    [42, 42],
    [0, 0],
  ])('weight %j is coerced to %d', async (weight, expected) => {
    const { client, emitMetric } = await withEmitMetric({ trackingId: TID });
    await client.clicked({ id: 'x1', weight: weight as string, strategy: 'popular' }, 1);
    expect(emitMetric.mock.calls[0][1]).toEqual({ id: 'x1', weight: expected, strategy: 'popular', position: 1 });
  });

  it.each<[unknown]>([
    ['abc'],
    [''],
    ['1,23'],
    ['1.2.3'],
    ['12px'],
    ['1e3'],
    [NaN],
    [Infinity],
    [null],
    [undefined],
    [true],
    [{}],
  ])('weight %j is INVALID_ARGUMENT, nothing emitted', async (weight) => {
    const { client, emitMetric } = await withEmitMetric();
    await refusal(client.shown({ id: 'x1', weight: weight as string, strategy: 'popular' }), 'item.weight');
    await refusal(client.clicked({ id: 'x1', weight: weight as string, strategy: 'popular' }, 1), 'item.weight');
    expect(emitMetric).not.toHaveBeenCalled();
  });

  it.each<[string, unknown, string]>([
    ['no item', undefined, 'item'],
    ['a non-string id', { id: 5, weight: 1, strategy: 'popular' }, 'item.id'],
    ['an empty id', { id: '', weight: 1, strategy: 'popular' }, 'item.id'],
    ['no strategy', { id: 'a', weight: 1 }, 'item.strategy'],
  ])('refuses %s, nothing emitted', async (_name, item, argument) => {
    const { client, emitMetric } = await withEmitMetric();
    await refusal(client.shown(item as Recommendation), argument);
    await refusal(client.clicked(item as Recommendation, 1), argument);
    await refusal(client.clicked(item as Recommendation), argument);
    expect(emitMetric).not.toHaveBeenCalled();
  });

  it('clicked: position must be an integer >= 1, and is required for an item in no get() result of the client', async () => {
    const { client, items, emitMetric } = await withEmitMetric();
    await refusal(client.clicked(items[0], 0), 'position');
    await refusal(client.clicked(items[0], 1.5), 'position');
    await refusal(client.clicked({ ...items[0], position: 0 }), 'item.position');
    await refusal(client.clicked({ ...items[0], position: '2' as unknown as number }), 'item.position');
    await refusal(client.clicked({ ...items[0], id: 'not-recommended' }), 'position');
    await refusal(recommendations({ meta: { trackingId: TID }, emitMetric }).clicked(items[0]), 'position');
    expect(emitMetric).not.toHaveBeenCalled();
  });
});

describe('path 3: a direct POST to the events endpoint', () => {
  it('sends one event in the batch format, text/plain; resolves once the platform accepted it', async () => {
    const client = recommendations({ meta: { trackingId: TID, visitorId: 'v-77', experienceId: 3 } });
    const items = await client.get();
    const before = Date.now();
    const outcomes = [];
    for (const send of [() => client.shown(items[1]), () => client.clicked(items[1])]) {
      outcomes.push(
        await send().then(
          () => 'delivered',
          (error) => error.code,
        ),
      );
    }
    const posts = (await mock.sent()).filter((r) => r.url.host === 'events.svc.example');
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(post.method).toBe('POST');
      expect(post.url.href).toBe(`https://events.svc.example/events/v1/${TID}`);
      expect(post.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
    }
    const [shown, clicked] = posts.map(
      (p) => p.json as { sentAt: number; events: { meta: Record<string, unknown>; data: unknown }[] },
    );
    expect(shown.events).toHaveLength(1);
    expect(Object.keys(shown)).toEqual(['sentAt', 'events']);
    expect(Object.keys(shown.events[0].meta)).toEqual(['id', 'type', 'ts', 'visitorId', 'pageViewId', 'seq', 'url']);
    expect(shown.events[0]).toEqual({
      meta: {
        id: expect.stringMatching(UUID_V4),
        type: 'recommendationShown',
        ts: shown.sentAt,
        visitorId: 'v-77',
        pageViewId: expect.stringMatching(UUID_V4),
        seq: expect.any(Number),
        url: '',
      },
      data: { id: 'p4', weight: 7, strategy: 'cf_viewed', experienceId: '3' },
    });
    expect(shown.sentAt).toBeGreaterThanOrEqual(before);
    expect(clicked.events[0].data).toEqual({
      id: 'p4',
      weight: 7,
      strategy: 'cf_viewed',
      experienceId: '3',
      position: 2,
    });
    expect(clicked.events[0].meta.type).toBe('recommendationClicked');
    expect(clicked.events[0].meta.pageViewId).toBe(shown.events[0].meta.pageViewId);
    expect(clicked.events[0].meta.id).not.toBe(shown.events[0].meta.id);
    expect(clicked.events[0].meta.seq).toBe((shown.events[0].meta.seq as number) + 1);
    expect(outcomes).toEqual(['delivered', 'delivered']);
    expect(mock.platform.inspect.events.received(TID).map((e) => [e.meta.type, e.data])).toEqual([
      ['recommendationShown', { id: 'p4', weight: 7, strategy: 'cf_viewed', experienceId: '3' }],
      ['recommendationClicked', { id: 'p4', weight: 7, strategy: 'cf_viewed', experienceId: '3', position: 2 }],
    ]);
  });

  it('meta.visitorId is the visitor; config.visitorId beats it', async () => {
    const client = recommendations({ meta: { trackingId: TID, visitorId: 'meta-v' } }, { visitorId: 'config-v' });
    await client.shown({ id: 'a', weight: 1, strategy: 'popular' }).catch(() => {});
    const [post] = await mock.sent();
    expect((post.json as { events: { meta: { visitorId: string } }[] }).events[0].meta.visitorId).toBe('config-v');
  });

  it('a failure rejects with the status code and does not count as shown: the next call sends again', async () => {
    setEndpoints({ events: 'https://events.svc.example/not-here' });
    const client = recommendations({ meta: { trackingId: TID, visitorId: 'v-1' } });
    const [item] = await client.get();
    const error = await client.shown(item).catch((e) => e);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.status).toBe(404);
    expect(error.message).toBe(
      'recommendationShown to https://events.svc.example/not-here/events/v1/shop1: status 404: The requested URL was not found on the server.',
    );
    await client.shown(item).catch(() => {});
    expect((await mock.sent()).filter((r) => r.url.pathname === '/not-here/events/v1/shop1')).toHaveLength(2);
  });

  it.each<[string, object, string, number | undefined]>([
    ['NETWORK', { offline: true }, 'NETWORK', undefined],
    ['SERVER_ERROR', { status: 503 }, 'SERVER_ERROR', 503],
    ['RATE_LIMITED', { status: 429, retryAfter: 5 }, 'RATE_LIMITED', 429],
    ['BAD_REQUEST', { status: 400 }, 'BAD_REQUEST', 400],
  ])('%s when the events route fails that way; nothing retried', async (_name, fault, code, status) => {
    mock.platform.faults.set('events', fault);
    const client = recommendations({ meta: { trackingId: TID, visitorId: 'v-1' } });
    const error = await client.clicked({ id: 'a', weight: '2', strategy: 'popular' }, 1).catch((e) => e);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect((await mock.sent()).filter((r) => r.url.host === 'events.svc.example')).toHaveLength(1);
  });

  it('refuses without a visitor id (no tracker, no cookie): nothing sent', async () => {
    const client = recommendations({ meta: { trackingId: TID } });
    await refusal(client.shown({ id: 'a', weight: 1, strategy: 'popular' }), 'visitorId');
    expect(await mock.sent()).toEqual([]);
  });
});
