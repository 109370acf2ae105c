// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createExperiencesClient } from '../../src/experiences';
import { useMockPlatform } from '../support/mock-server';

// In a browser the visitor is the `_svcTracker` cookie: getExperiences sends it as contextId and
// seen() sends it as the device id, unless the caller gives others.
const mock = useMockPlatform({ now: '2026-11-21T12:00:00Z' });

afterEach(() => {
  document.cookie = '_svcTracker=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  document.cookie = 'svc_permanent=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

function seed() {
  mock.platform.admin.experiences.create('shop', {
    id: 1,
    name: 'Hero',
    variations: [{ id: 11, payload: { headline: 'Hi' } }],
  });
}

describe('browser defaults', () => {
  it('contextId and deviceId come from the _svcTracker cookie', async () => {
    seed();
    document.cookie = '_svcTracker=cookie-visitor; path=/';
    const client = createExperiencesClient({ trackingId: 'shop' });
    const result = await client.getExperiences();
    expect(result.contextId).toBe('cookie-visitor');
    expect(result.generated).toBe(false);
    expect(await client.seen(result.experiencePayloads[0])).toEqual({ ok: true, status: 200, attempts: 1 });
    const sent = await mock.sent();
    expect(sent[0].url.search).toBe('?contextId=cookie-visitor');
    expect(sent[1].json).toEqual({ id: 'cookie-visitor' });
    expect(mock.platform.inspect.experiences.views('shop')[0]).toMatchObject({
      contextId: 'cookie-visitor',
      deviceId: 'cookie-visitor',
    });
  });

  it('falls back to svc_permanent before its first colon; explicit arguments win', async () => {
    seed();
    document.cookie = 'svc_permanent=perm-visitor:1700000000; path=/';
    const client = createExperiencesClient({ trackingId: 'shop' });
    expect((await client.getExperiences()).contextId).toBe('perm-visitor');
    expect((await client.getExperiences({ contextId: 'explicit' })).contextId).toBe('explicit');
  });

  it('without any cookie the platform generates the id', async () => {
    seed();
    const result = await createExperiencesClient({ trackingId: 'shop' }).getExperiences();
    expect(result.generated).toBe(true);
    expect((await mock.sent())[0].url.search).toBe('');
  });
});
