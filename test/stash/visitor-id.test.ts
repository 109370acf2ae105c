// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';
import { BASE, refused, requests } from './helpers';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });
const expire = (name: string) => (document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`);
afterEach(() => {
  expire('_svcTracker');
  expire('svc_permanent');
});

describe('useVisitorId in the browser', () => {
  it('reads the _svcTracker cookie at each call (set after createStash)', async () => {
    const stash = createStash('kv', 'shop1', { useVisitorId: true });
    document.cookie = '_svcTracker=cookie-visitor; path=/';
    await stash.set('cart', 'x');
    expect((await requests(mock))[0].url).toBe(`${BASE}/kv/set/shop1/public/cookie-visitor:cart`);
  });

  it('falls back to svc_permanent before its first ":"', async () => {
    document.cookie = 'svc_permanent=perm-1:1700000000:x; path=/';
    await createStash('kv', 'shop1', { useVisitorId: true, namespace: 'n' }).get('cart');
    expect((await requests(mock))[0].url).toBe(`${BASE}/kv/get/shop1/public/n:perm-1:cart`);
  });

  it('options.visitorId wins over the cookie', async () => {
    document.cookie = '_svcTracker=cookie-visitor; path=/';
    await createStash('kv', 'shop1', { useVisitorId: true, visitorId: 'explicit' }).get('cart');
    expect((await requests(mock))[0].url).toBe(`${BASE}/kv/get/shop1/public/explicit:cart`);
  });

  it('a cookie visitor id outside the key pattern is refused before sending', async () => {
    document.cookie = `_svcTracker=${encodeURIComponent('a b')}; path=/`;
    await refused(mock, () => createStash('kv', 'shop1', { useVisitorId: true }).get('cart'), 'options.visitorId');
  });

  it('no visitor id anywhere: INVALID_ARGUMENT, nothing sent', async () => {
    await refused(
      mock,
      () => createStash('count', 'shop1', { useVisitorId: true }).increment('visits', 'date'),
      'options.visitorId',
    );
  });
});
