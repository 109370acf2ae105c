import { describe, expect, it } from 'vitest';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';
import { BASE, requests } from './helpers';

const NOW = Date.parse('2026-11-21T10:00:00.750Z');
const mock = useMockPlatform({ now: NOW });

describe('ts', () => {
  it("set stores the server's time in UNIX seconds and resolves it; get reads it", async () => {
    const stash = createStash('ts', 'shop1', { namespace: 'app' });
    await expect(stash.set('last-visit')).resolves.toBe(Math.floor(NOW / 1000));
    mock.platform.clock.advance(90_000);
    await expect(stash.get('last-visit')).resolves.toBe(Math.floor(NOW / 1000));
    await expect(stash.set('last-visit')).resolves.toBe(Math.floor(NOW / 1000) + 90);
    expect(await requests(mock)).toEqual([
      { method: 'POST', url: `${BASE}/ts/set/shop1/public/app:last-visit`, json: undefined },
      { method: 'GET', url: `${BASE}/ts/get/shop1/public/app:last-visit`, json: undefined },
      { method: 'POST', url: `${BASE}/ts/set/shop1/public/app:last-visit`, json: undefined },
    ]);
    expect((await mock.sent())[0].body).toBe('');
  });

  it('get of a key never set resolves undefined', async () => {
    await expect(createStash('ts', 'shop1').get('never')).resolves.toBeUndefined();
  });

  it('PROTOCOL when the time is not an integer string', async () => {
    mock.platform.faults.set('stash', { raw: '{"status":200,"data":"soon"}' });
    await expect(createStash('ts', 'shop1').get('k')).rejects.toMatchObject({ code: 'PROTOCOL' });
  });
});
