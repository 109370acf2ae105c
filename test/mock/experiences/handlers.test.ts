import { describe, expect, it } from 'vitest';
import { seedHero } from '../../support/experiences';
import { useMockPlatform } from '../../support/mock-server';

// The MSW handlers of PROTOCOL.md's "Server experiences" block, on the wire: raw fetch, exact
// statuses and bodies, parameter parsing, the `experiences` and `callback` fault routes.
const mock = useMockPlatform({ now: '2026-11-21T12:00:00Z' });
const BASE = 'https://experiences.svc.example';

function seed() {
  seedHero(mock.platform, [
    { id: 11, isControl: true },
    { id: 12, payload: { a: 1 } },
  ]);
  mock.platform.admin.experiences.create('shop', { id: 2, name: 'Old', variations: [{ id: 21 }] });
  mock.platform.admin.experiences.archive('shop', 2);
}
const get = async (query: string) => {
  const response = await fetch(`${BASE}/v1/shop/experiences${query}`);
  return { status: response.status, body: await response.json() };
};

describe('GET /v1/{trackingId}/experiences', () => {
  it('200 with exactly experiencePayloads, contextId, cookieDomains', async () => {
    seed();
    const { status, body } = await get('?contextId=V&variation=12');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['experiencePayloads', 'contextId', 'cookieDomains']);
    expect(body).toEqual({
      experiencePayloads: [
        {
          payload: { a: 1 },
          isControl: false,
          id: 1,
          callback: expect.stringMatching(/^https:\/\/experiences\.svc\.example\/v1\/callback\?data=/),
          variation: 12,
        },
      ],
      contextId: 'V',
      cookieDomains: ['.shop.example'],
    });
    expect(Object.keys(body.experiencePayloads[0])).toEqual(['payload', 'isControl', 'id', 'callback', 'variation']);
  });

  it.each(['?experienceIds=7', '?experienceIds=1,7', '?experienceIds=7,2'])(
    '404 {"status":404,"message":"experience 7 not found"} for %s',
    async (query) => {
      seed();
      expect(await get(query)).toEqual({ status: 404, body: { status: 404, message: 'experience 7 not found' } });
    },
  );

  it('404 naming an archived id', async () => {
    seed();
    expect(await get('?experienceIds=2')).toEqual({
      status: 404,
      body: { status: 404, message: 'experience 2 not found' },
    });
  });

  it.each([
    [
      '?experienceIds=a,1',
      'parameter experienceIds has an invalid value: "a,1" is not a comma-separated list of experience ids',
    ],
    [
      '?experienceIds=',
      'parameter experienceIds has an invalid value: "" is not a comma-separated list of experience ids',
    ],
    [
      '?experienceIds=1,,2',
      'parameter experienceIds has an invalid value: "1,,2" is not a comma-separated list of experience ids',
    ],
    ['?variation=x', 'parameter variation has an invalid value: "x" is not a variation id'],
    ['?variation=-3', 'parameter variation has an invalid value: "-3" is not a variation id'],
  ])('400 for %s', async (query, message) => {
    seed();
    expect(await get(query)).toEqual({ status: 400, body: { status: 400, message } });
  });

  it('flags count by presence; an empty contextId is generated; a percent-encoded comma list is accepted', async () => {
    seed();
    mock.platform.admin.experiences.addIteration('shop', 1, { variations: [{ id: 13, payload: { draft: true } }] });
    expect(
      (await get('?contextId=V&preview=true')).body.experiencePayloads.map((p: { variation: number }) => p.variation),
    ).toEqual([13]);
    expect((await get('?contextId=')).body.contextId).toMatch(/^[0-9a-f]{32}$/);
    expect((await get('?contextId=V&experienceIds=1%2C1')).body.experiencePayloads).toHaveLength(1);
  });

  it('unknown tracking id: 200 with no payloads', async () => {
    expect(await get('?contextId=V')).toEqual({
      status: 200,
      body: { experiencePayloads: [], contextId: 'V', cookieDomains: [] },
    });
  });

  it('a tracking id whose percent-encoding is malformed is an unknown one (200, no payloads), not a router 500', async () => {
    seed();
    const response = await fetch(`${BASE}/v1/%E0%A4%A/experiences?contextId=V`);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 200,
      body: { experiencePayloads: [], contextId: 'V', cookieDomains: [] },
    });
  });

  it('the `experiences` fault route applies to the GET only', async () => {
    seed();
    mock.platform.faults.set('experiences', { status: 500 });
    expect((await get('?contextId=V')).status).toBe(500);
    const callback = await fetch(`${BASE}/v1/callback?data=x`, { method: 'POST', body: '{}' });
    expect(callback.status).toBe(200);
  });
});

describe('POST /v1/callback', () => {
  it('200 {"status":200} for a view, a forged one, a missing body and a missing data parameter', async () => {
    seed();
    const { body } = await get('?contextId=V&variation=11');
    const callback: string = body.experiencePayloads[0].callback;
    const posts: Array<[string, RequestInit]> = [
      [
        callback,
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: 'dev' }) },
      ],
      [`${BASE}/v1/callback?data=eyJub3BlIjoxfQ`, { method: 'POST', body: '{"id":"dev"}' }],
      [callback, { method: 'POST' }],
      [`${BASE}/v1/callback`, { method: 'POST', body: 'not json' }],
    ];
    for (const [url, init] of posts) {
      const response = await fetch(url, init);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 200 });
    }
    expect(mock.platform.inspect.experiences.views('shop').map((v) => [v.variation, v.isControl, v.deviceId])).toEqual([
      [11, true, 'dev'],
      [11, true, undefined],
    ]);
    expect(mock.platform.inspect.experiences.invalidCallbacks()).toBe(2);
  });

  it('the `callback` fault route applies to the POST only', async () => {
    seed();
    mock.platform.faults.set('callback', { status: 502 });
    expect((await fetch(`${BASE}/v1/callback?data=x`, { method: 'POST' })).status).toBe(502);
    expect((await get('?contextId=V')).status).toBe(200);
  });
});
