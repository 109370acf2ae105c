import { describe, expect, it } from 'vitest';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';
import { BASE, requests } from './helpers';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const mock = useMockPlatform({ now: NOW });
const T = NOW / 1000 + 3600; // an hour from now, UNIX seconds

describe('deferkv', () => {
  it('set / get / remove: exact requests and results', async () => {
    const stash = createStash('deferkv', 'shop1', { namespace: 'cart', useVisitorId: true, visitorId: 'v1' });
    await expect(stash.set('reminder', 'basket-123', T, 'mailer')).resolves.toBeUndefined();
    await expect(stash.get('reminder', T)).resolves.toEqual({ value: 'basket-123', route: 'mailer' });
    await expect(stash.remove('reminder', T)).resolves.toBe(true);
    await expect(stash.get('reminder', T)).resolves.toBeUndefined();
    await expect(stash.remove('reminder', T)).resolves.toBe(false);
    const path = `${BASE}/deferkv/%s/shop1/public/cart:v1:reminder`;
    expect(await requests(mock)).toEqual([
      { method: 'POST', url: path.replace('%s', 'set'), json: { data: 'basket-123', timestamp: T, route: 'mailer' } },
      { method: 'GET', url: `${path.replace('%s', 'get')}?timestamp=${T}`, json: undefined },
      { method: 'POST', url: path.replace('%s', 'remove'), json: { timestamp: T } },
      { method: 'GET', url: `${path.replace('%s', 'get')}?timestamp=${T}`, json: undefined },
      { method: 'POST', url: path.replace('%s', 'remove'), json: { timestamp: T } },
    ]);
  });

  it('rows are keyed by (key, timestamp): same pair overwrites, another timestamp is another row', async () => {
    const stash = createStash('deferkv', 'shop1');
    await stash.set('k', 'one', T, 'mailer');
    await stash.set('k', 'two', T, 'sms');
    await stash.set('k', 'later', T + 60, 'mailer');
    await expect(stash.get('k', T)).resolves.toEqual({ value: 'two', route: 'sms' });
    await expect(stash.get('k', T + 60)).resolves.toEqual({ value: 'later', route: 'mailer' });
    await expect(stash.get('k', T + 1)).resolves.toBeUndefined();
  });

  it('a row expires at its timestamp (mock clock): gone for get, delivered once to its route', async () => {
    const stash = createStash('deferkv', 'shop1');
    await stash.set('k', 'one', T, 'mailer');
    await stash.set('k', 'two', T, 'mailer'); // overwrite: still one delivery, of the latest value
    await stash.set('gone', 'x', T, 'mailer');
    await stash.remove('gone', T); // removed: never delivered
    mock.platform.clock.advance(3600_000 - 1000);
    await expect(stash.get('k', T)).resolves.toEqual({ value: 'two', route: 'mailer' });
    expect(mock.platform.inspect.stash.deliveries()).toEqual([]);
    mock.platform.clock.advance(1000);
    expect(mock.platform.inspect.stash.deliveries()).toEqual([
      { trackingId: 'shop1', key: 'k', value: 'two', route: 'mailer', at: T * 1000 },
    ]);
    await expect(stash.get('k', T)).resolves.toBeUndefined();
    await expect(stash.remove('k', T)).resolves.toBe(false);
  });

  it('PROTOCOL when the row is not {value, route}', async () => {
    mock.platform.faults.set('stash', { raw: '{"status":200,"data":{"value":1}}' });
    await expect(createStash('deferkv', 'shop1').get('k', T)).rejects.toMatchObject({ code: 'PROTOCOL' });
  });
});
