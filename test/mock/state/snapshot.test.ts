// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createExperiencesClient } from '../../../src/experiences';
import { createIntegration } from '../../../src/integrations';
import { createMockPlatform, type MockPlatform } from '../../../src/mock';
import { InvalidStateError, STATE_VERSION, type StateSnapshot } from '../../../src/mock/platform/state/format';
import { createStash } from '../../../src/stash';
import { useMockPlatform } from '../../support/mock-server';

const NOW = '2026-11-21T12:00:00Z';
const mock = useMockPlatform({ now: NOW, fixtures: true });

const product = (productId: string) => ({
  productId,
  name: productId,
  categories: ['Jackets'],
  price: { value: 10, currency: 'GBP' },
});
const batch = (ids: string[], visitorId: string) =>
  JSON.stringify({
    sentAt: Date.parse(NOW),
    events: ids.map((productId, i) => ({
      meta: {
        id: `${visitorId}-${i}`,
        type: 'ecProduct',
        ts: Date.parse(NOW),
        visitorId,
        pageViewId: 'pv',
        seq: i,
        url: '/',
      },
      data: { eventType: 'detail', product: product(productId) },
    })),
  });

/** Everything a customer could read back, for comparing two platforms. */
const observe = (platform: MockPlatform) => ({
  now: platform.clock.now(),
  stash: platform.inspect.stash.snapshot('shop'),
  deliveries: platform.inspect.stash.deliveries(),
  events: platform.inspect.events.received('shop'),
  stats: platform.inspect.events.stats(),
  catalog: platform.inspect.recommend.catalog('shop'),
  views: platform.inspect.experiences.views('demo_shop'),
  runs: platform.inspect.integrations
    .runs()
    .map(({ executionId, integration, status, result }) => ({ executionId, integration, status, result })),
  properties: platform.properties.list().map((p) => p.trackingId),
});

describe('platform.snapshot() and createMockPlatform({ state })', () => {
  it('restores, through JSON, what the wire and the admin changed', async () => {
    const kv = createStash('kv', 'shop');
    await kv.set('greeting', 'first');
    await kv.set('greeting', 'hello'); // overwrites: the first set is dropped from the snapshot
    await createStash('deferkv', 'shop').set('basket', 'b-1', Date.parse(NOW) / 1000 + 60, 'cart-reminder');
    await createStash('deferkv', 'shop').set('later', 'b-2', Date.parse(NOW) / 1000 + 7200, 'cart-reminder');
    await createStash('ts', 'shop').set('last-visit');
    await createStash('count', 'shop').increment('visits', 'date');
    const events = await fetch('https://events.svc.example/events/v1/shop', {
      method: 'POST',
      body: batch(['p1', 'p2', 'p1'], 'v1'),
    });
    expect(await events.json()).toMatchObject({ accepted: 3 });
    const credential = mock.platform.admin.stash.createCredential('shop');
    mock.platform.admin.stash.set(credential, 'secret', 'protected value');
    mock.platform.clock.advance(120_000); // delivers `basket`
    const client = createExperiencesClient({ trackingId: 'demo_shop' });
    const { experiencePayloads, contextId } = await client.getExperiences({
      contextId: 'visitor-1',
      experienceIds: [1],
    });
    await client.seen(experiencePayloads[0], contextId);
    const run = await createIntegration('welcome-email', { trackingId: 'demo_shop' }).execute(
      { to: 'a@shop.example' },
      { key: { email: 'a' } },
    );
    expect(run.result).toMatchObject({ count: 1 });

    const snapshot = JSON.parse(JSON.stringify(mock.platform.snapshot())) as StateSnapshot;
    expect(snapshot).toMatchObject({
      format: 'svc-mock-state',
      version: STATE_VERSION,
      clock: 'frozen',
      fixtures: {},
      createdAt: Date.parse(NOW),
    });
    expect(snapshot.operations.filter((o) => o.op === 'services.stash.kvSet')).toHaveLength(1);

    const restored = createMockPlatform({ state: snapshot });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the replayed execute settles
    expect(restored.restored.failed).toEqual([]);
    expect(observe(restored)).toEqual(observe(mock.platform));
    expect(restored.inspect.stash.snapshot('shop').protected.secret).toBe('protected value');
    expect(restored.inspect.stash.deliveries().map((d) => d.key)).toEqual(['basket']);
    // the restored credential still writes protected values; time goes on from where it was
    restored.admin.stash.set(credential, 'secret', 'again');
    restored.clock.advance(7200_000);
    expect(restored.inspect.stash.deliveries().map((d) => d.key)).toEqual(['basket', 'later']);
    // the rate limit of welcome-email (once a week per email) was restored with the run
    const again = await restored.services.integrations.execute('demo_shop', 'welcome-email', {
      payload: {},
      key: { email: 'a' },
    });
    expect(again.status).toBe(429);
  });

  it('a restored platform learnt the same from the events (recommendations)', async () => {
    await fetch('https://events.svc.example/events/v1/shop', {
      method: 'POST',
      body: batch(['p1', 'p2', 'p3', 'p2'], 'v2'),
    });
    const restored = createMockPlatform({ state: mock.platform.snapshot() });
    const ask = (platform: MockPlatform) =>
      platform.services.recommend.recommend({
        trackingId: 'shop',
        strategies: ['popular'],
        n: 3,
        seed: [],
        rules: [],
        debug: false,
      });
    expect(ask(restored)).toEqual(ask(mock.platform));
    expect(JSON.stringify(ask(restored))).toContain('p2');
  });

  it('a real-time clock resumes at real time plus the offset it was given', () => {
    const platform = createMockPlatform();
    platform.clock.advance(3_600_000);
    const restored = createMockPlatform({ state: platform.snapshot() });
    expect(restored.clock.frozen).toBe(false);
    expect(Math.abs(restored.clock.now() - (Date.now() + 3_600_000))).toBeLessThan(5_000);
  });

  it('refuses another format or version, naming it; never replays an unknown operation', () => {
    const good = createMockPlatform().snapshot();
    expect(() => createMockPlatform({ state: { ...good, version: 0 } as never })).toThrow(InvalidStateError);
    expect(() => createMockPlatform({ state: { ...good, version: 0 } as never })).toThrow(
      /state version 0 is not supported/,
    );
    expect(() => createMockPlatform({ state: { ...good, format: 'other' } as never })).toThrow(/not a svc-mock state/);
    expect(() =>
      createMockPlatform({ state: { ...good, operations: [{ at: 1, op: 'services.stash.kvGet', args: [] }] } }),
    ).toThrow(/unknown operation "services.stash.kvGet"/);
    try {
      createMockPlatform({ state: { ...good, version: 2 } as never });
    } catch (error) {
      expect((error as InvalidStateError).code).toBe('INVALID_STATE');
    }
  });

  it('records nothing for a refused write or a read', async () => {
    const kv = createStash('kv', 'shop');
    await kv.get('nothing');
    const reply = mock.platform.services.stash.kvSet({
      trackingId: 'shop',
      level: 'public',
      key: 'bad key',
      body: { data: 'x' },
    });
    expect(reply.status).toBe(400);
    expect(mock.platform.snapshot().operations).toEqual([]);
  });
});

describe('events bodies in a snapshot', () => {
  it('keeps a UTF-8 body as text and other bytes as base64, replaying each as it came', () => {
    const platform = createMockPlatform({ now: NOW });
    const good = batch(['p1'], 'v9');
    platform.services.events.ingest('shop', new TextEncoder().encode(good));
    platform.services.events.ingest('shop', new Uint8Array([0xff, 0xfe, 0x00]));
    const [text, bytes] = platform.snapshot().operations.map((o) => o.args[1]);
    expect(text).toBe(good);
    expect(bytes).toEqual({ base64: '//4A' });
    const restored = createMockPlatform({ state: JSON.parse(JSON.stringify(platform.snapshot())) });
    expect(restored.inspect.events.stats('shop')).toEqual({ requests: 2, accepted: 1, duplicates: 0, rejected: 1 });
  });
});

describe('a gzip batch in the state', () => {
  it('is recorded once decompressed and accepted, and replays into the same events', async () => {
    const platform = createMockPlatform({ now: NOW });
    const body = new Uint8Array(gzipSync(batch(['p1', 'p2'], 'visitor-z')));
    const answer = await platform.services.events.ingestEncoded('shop', body, 'gzip');
    expect(answer).toMatchObject({ status: 200, body: { accepted: 2 } });
    const snapshot = platform.snapshot();
    expect(snapshot.operations.map((operation) => operation.op)).toContain('services.events.ingestEncoded');

    const again = createMockPlatform({ state: snapshot });
    await expect.poll(() => again.inspect.events.received('shop').length).toBe(2);
    expect(again.inspect.events.received('shop')).toEqual(platform.inspect.events.received('shop'));
  });
});
