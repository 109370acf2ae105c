import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isRetryable } from '../../src/core/errors';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';
import { BASE, errorOf, requests } from './helpers';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });
// Full jitter draws each wait from [0, base·2^k]: pin the draw to 0 so the suite stays fast.
beforeEach(() => {
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
const urls = async () => (await requests(mock)).map((r) => `${r.method} ${r.url}`);

describe('reads and overwrites retry (3 attempts by default)', () => {
  it('get: body status 500 twice, then the value', async () => {
    await createStash('kv', 'shop1').set('k', 'v');
    mock.platform.faults.set('stash', { bodyStatus: 500, times: 2 });
    await expect(createStash('kv', 'shop1').get('k')).resolves.toBe('v');
    expect(await urls()).toEqual([
      `POST ${BASE}/kv/set/shop1/public/k`,
      ...Array(3).fill(`GET ${BASE}/kv/get/shop1/public/k`),
    ]);
  });

  it('set: body status 500 once, then stored', async () => {
    mock.platform.faults.set('stash', { bodyStatus: 500, times: 1 });
    await createStash('kv', 'shop1').set('k', 'v');
    expect(await urls()).toEqual(Array(2).fill(`POST ${BASE}/kv/set/shop1/public/k`));
    expect(mock.platform.inspect.stash.snapshot('shop1').public.k).toBe('v');
  });

  it('HTTP 503 and network failures are retried too', async () => {
    mock.platform.faults.set('stash', { status: 503, times: 1 });
    await createStash('kv', 'shop1').get(['a']);
    mock.platform.faults.set('stash', { offline: true, times: 1 });
    await createStash('ts', 'shop1').set('seen');
    expect(await mock.sent()).toHaveLength(4);
  });

  it('gives up after 3 attempts with SERVER_ERROR (status 500, retryable)', async () => {
    mock.platform.faults.set('stash', { bodyStatus: 500 });
    const error = await errorOf(() => createStash('kv', 'shop1').get('k'));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', status: 500 });
    expect(isRetryable(error)).toBe(true);
    expect(error.message).toBe('stash kv get "k": status 500: fault injected on stash: status 500');
    expect(await mock.sent()).toHaveLength(3);
  });

  it('options.retries sets the number of retries (0: one attempt)', async () => {
    mock.platform.faults.set('stash', { bodyStatus: 500 });
    await errorOf(() => createStash('kv', 'shop1', { retries: 0 }).get('k'));
    expect(await mock.sent()).toHaveLength(1);
    await errorOf(() => createStash('kv', 'shop1', { retries: 4 }).set('k', 'v'));
    expect(await mock.sent()).toHaveLength(6);
  });

  it('deferkv set/get/remove and count get retry', async () => {
    mock.platform.faults.set('stash', { bodyStatus: 500, times: 1 });
    await createStash('deferkv', 'shop1').set('k', 'v', 1_800_000_000, 'mailer');
    mock.platform.faults.set('stash', { bodyStatus: 500, times: 1 });
    await createStash('deferkv', 'shop1').get('k', 1_800_000_000);
    mock.platform.faults.set('stash', { bodyStatus: 500, times: 1 });
    await createStash('deferkv', 'shop1').remove('k', 1_800_000_000);
    mock.platform.faults.set('stash', { bodyStatus: 500, times: 1 });
    await createStash('count', 'shop1').get('visits:2026-11-21');
    expect(await mock.sent()).toHaveLength(8);
  });
});

describe('never retried', () => {
  it.each(['increment', 'decrement'] as const)(
    '%s: one request on body status 500 (a retry could double count)',
    async (op) => {
      mock.platform.faults.set('stash', { bodyStatus: 500, times: 1 });
      const error = await errorOf(() => createStash('count', 'shop1')[op]('visits', 'date'));
      expect(error.code).toBe('SERVER_ERROR');
      expect(await mock.sent()).toHaveLength(1);
      expect(mock.platform.inspect.stash.snapshot('shop1').counters).toEqual({});
    },
  );

  it('increment: one request on a network failure', async () => {
    mock.platform.faults.set('stash', { offline: true, times: 1 });
    expect((await errorOf(() => createStash('count', 'shop1').increment('visits', 'date'))).code).toBe('NETWORK');
    expect(await mock.sent()).toHaveLength(1);
  });

  it('body status 400: BAD_REQUEST with the platform message, one request', async () => {
    mock.platform.faults.set('stash', { bodyStatus: 400 });
    const error = await errorOf(() => createStash('kv', 'shop1').set('k', 'v'));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    expect(isRetryable(error)).toBe(false);
    expect(await mock.sent()).toHaveLength(1);
  });

  it('HTTP 404 (wrong endpoint) is NOT_FOUND, not a missing key, and not retried', async () => {
    const error = await errorOf(() =>
      createStash('kv', 'shop1', { endpoint: 'https://stash.svc.example/wrong' }).get('k'),
    );
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(await mock.sent()).toHaveLength(1);
  });

  it('a body without a numeric status is PROTOCOL, one request', async () => {
    mock.platform.faults.set('stash', { raw: '{"status":"500","data":"v"}' });
    const error = await errorOf(() => createStash('kv', 'shop1').get('k'));
    expect(error).toMatchObject({ code: 'PROTOCOL' });
    expect(isRetryable(error)).toBe(false);
    expect(error.message).toBe('stash kv get "k": status "500"');
    expect(await mock.sent()).toHaveLength(1);
  });

  it('body status 404 resolves undefined after one request', async () => {
    await expect(createStash('ts', 'shop1').get('never')).resolves.toBeUndefined();
    expect(await mock.sent()).toHaveLength(1);
  });
});
