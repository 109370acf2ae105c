// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recommendations } from '../../src/recommendations';
import { useMockPlatform } from '../support/mock-server';
import { RAW_ANSWER, TID } from './feed';

// In a page: the visitor id comes from the `_svcTracker` cookie, and a direct event carries the page URL.
const mock = useMockPlatform();
beforeEach(() => mock.platform.faults.set('recommend', RAW_ANSWER));
afterEach(() => {
  for (const name of ['_svcTracker', 'svc_permanent'])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('in a browser page', () => {
  it('contextId from the _svcTracker cookie; meta and config beat it', async () => {
    document.cookie = '_svcTracker=cookie-visitor; path=/';
    await recommendations({ meta: { trackingId: TID } }).get();
    await recommendations({ meta: { trackingId: TID, visitorId: 'meta-v' } }).get();
    await recommendations({ meta: { trackingId: TID, visitorId: 'meta-v' } }, { visitorId: 'config-v' }).get();
    expect((await mock.sent()).map((r) => r.url.searchParams.get('contextId'))).toEqual([
      'cookie-visitor',
      'meta-v',
      'config-v',
    ]);
  });

  it('contextId from svc_permanent when _svcTracker is absent', async () => {
    document.cookie = 'svc_permanent=perm-1:1700000000; path=/';
    await recommendations({ meta: { trackingId: TID } }).get();
    expect((await mock.sent())[0].url.searchParams.get('contextId')).toBe('perm-1');
  });

  it('a partner strategy is allowed with the cookie visitor', async () => {
    document.cookie = '_svcTracker=cookie-visitor; path=/';
    await recommendations({ meta: { trackingId: TID } }).get({ strategy: 'partner_personal_clickthrough' });
    expect((await mock.sent())[0].url.search).toBe(
      '?strategy=partner_personal_clickthrough&n=10&contextId=cookie-visitor',
    );
  });

  it('a direct event carries the cookie visitor and the page URL', async () => {
    document.cookie = '_svcTracker=cookie-visitor; path=/';
    const client = recommendations({ meta: { trackingId: TID } });
    const [item] = await client.get();
    await client.shown(item).catch(() => {});
    const post = (await mock.sent()).find((r) => r.url.host === 'events.svc.example');
    expect(post).toBeDefined();
    const { meta } = (post!.json as { events: { meta: Record<string, unknown> }[] }).events[0];
    expect(meta.visitorId).toBe('cookie-visitor');
    expect(meta.url).toBe(location.href);
    expect(meta.url).toMatch(/^http/);
  });

  it('each direct event has a UUID v4 id of its own (core randomId: crypto.getRandomValues)', async () => {
    document.cookie = '_svcTracker=cookie-visitor; path=/';
    const client = recommendations({ meta: { trackingId: TID } });
    await client.clicked({ id: 'a', weight: 1, strategy: 'popular' }, 1).catch(() => {});
    await client.clicked({ id: 'b', weight: 1, strategy: 'popular' }, 2).catch(() => {});
    const ids = (await mock.sent())
      .filter((r) => r.url.host === 'events.svc.example')
      .map((r) => (r.json as { events: { meta: { id: string } }[] }).events[0].meta.id);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
