// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createStash } from '../../src/stash';
import { STASH_DEFAULTS } from '../../src/stash/options';
import { useMockPlatform } from '../support/mock-server';
import { BASE, requests } from './helpers';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });

describe('STASH_DEFAULTS: the defaults the doc comments name are the ones the client uses', () => {
  it('holds the documented values', () => {
    expect(STASH_DEFAULTS).toEqual({ useVisitorId: false, level: 'public', timeout: 5000, retries: 2 });
  });

  it('a client without options writes at the default level, with no visitor prefix', async () => {
    document.cookie = '_svcTracker=v1; path=/';
    try {
      await createStash('kv', 'shop1').set('k', 'v');
    } finally {
      document.cookie = '_svcTracker=; path=/; max-age=0';
    }
    expect(await requests(mock)).toEqual([
      { method: 'POST', url: `${BASE}/kv/set/shop1/${STASH_DEFAULTS.level}/k`, json: { data: 'v' } },
    ]);
  });

  it('options given as undefined take the defaults too', async () => {
    await createStash('kv', 'shop1', {
      level: undefined,
      useVisitorId: undefined,
      timeout: undefined,
      retries: undefined,
    }).set('k', 'v');
    expect((await requests(mock)).map((r) => r.url)).toEqual([`${BASE}/kv/set/shop1/public/k`]);
  });
});
