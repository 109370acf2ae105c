import { describe, expect, it } from 'vitest';
import { isRetryable } from '../../src/core/errors';
import {
  createExperiencesClient,
  ExperienceNotFoundError,
  type GetExperiencesOptions,
  SvcError,
} from '../../src/experiences';
import { failure } from '../support/failure';
import { useMockPlatform } from '../support/mock-server';

// getExperiences against the mock platform: PROTOCOL.md's "Server experiences" GET, each query
// parameter on the wire and in effect, each error, and refusals that send nothing.
const mock = useMockPlatform({ now: '2026-11-21T12:00:00Z' });
const BASE = 'https://experiences.svc.example';
const TID = 'shop';

/** Two experiences: 1 with a control group (weights 1:1:2), 2 segmented to baskets of 100 or more. */
function seed() {
  mock.platform.admin.createProperty(TID, { cookieDomains: ['.shop.example'] });
  const admin = mock.platform.admin.experiences;
  admin.create(TID, {
    id: 1,
    name: 'Hero',
    variations: [
      { id: 11, isControl: true, weight: 1 },
      { id: 12, weight: 1, payload: { headline: 'Sale' } },
      { id: 13, weight: 2, payload: { headline: 'Free shipping' } },
    ],
  });
  admin.create(TID, {
    id: 2,
    name: 'Big baskets',
    segment: { name: 'basket >= 100', condition: { '>=': [{ var: 'basket.value' }, 100] } },
    variations: [{ id: 21, payload: { code: 'BIG10' } }],
  });
}

const client = () => createExperiencesClient({ trackingId: TID });
const sentUrls = async () => (await mock.sent()).map((r) => `${r.method} ${r.url.href}`);

describe('getExperiences', () => {
  it('sends a bare GET when given nothing, and the platform generates the contextId', async () => {
    seed();
    const result = await client().getExperiences();
    expect(await sentUrls()).toEqual([`GET ${BASE}/v1/shop/experiences`]);
    expect(result.generated).toBe(true);
    expect(result.contextId).toMatch(/^[a-z0-9-]{24,64}$/);
    expect(result.cookieDomains).toEqual(['.shop.example']);
    // The segmented experience 2 is not for an unknown visitor: only experience 1.
    expect(result.experiencePayloads.map((p) => p.id)).toEqual([1]);
  });

  it('contextId: sent, echoed, not generated, and the same variation every time', async () => {
    seed();
    const first = await client().getExperiences({ contextId: 'visitor-a' });
    const again = await client().getExperiences({ contextId: 'visitor-a' });
    expect(await sentUrls()).toEqual([
      `GET ${BASE}/v1/shop/experiences?contextId=visitor-a`,
      `GET ${BASE}/v1/shop/experiences?contextId=visitor-a`,
    ]);
    expect(first.contextId).toBe('visitor-a');
    expect(first.generated).toBe(false);
    expect(again.experiencePayloads).toEqual(first.experiencePayloads);
  });

  it("Global Privacy Control: the request's Sec-GPC, or gpc, sends no contextId and leaves nothing to store", async () => {
    seed();
    const byHeader = await client().getExperiences({
      contextId: 'visitor-a',
      headers: new Headers({ 'Sec-GPC': '1' }),
    });
    const byNodeHeaders = await client().getExperiences({ contextId: 'visitor-a', headers: { 'sec-gpc': '1' } });
    const byFlag = await client().getExperiences({ contextId: 'visitor-a', gpc: true });
    const flagWins = await client().getExperiences({ contextId: 'visitor-a', gpc: false, headers: { 'sec-gpc': '1' } });
    expect(await sentUrls()).toEqual([
      `GET ${BASE}/v1/shop/experiences`,
      `GET ${BASE}/v1/shop/experiences`,
      `GET ${BASE}/v1/shop/experiences`,
      `GET ${BASE}/v1/shop/experiences?contextId=visitor-a`,
    ]);
    for (const result of [byHeader, byNodeHeaders, byFlag]) expect(result.generated).toBe(false);
    expect(flagWins.contextId).toBe('visitor-a');
  });

  it('refuses a gpc that is not a boolean, and headers that are not an object, before sending', async () => {
    await expect(client().getExperiences({ gpc: 'yes' as never })).rejects.toThrow(/gpc must be a boolean/);
    await expect(client().getExperiences({ headers: 'Sec-GPC: 1' as never })).rejects.toThrow(/headers must be/);
    expect(await mock.sent()).toEqual([]);
  });

  it('contextId is percent-encoded in the query', async () => {
    seed();
    const result = await client().getExperiences({ contextId: 'user@mail.example&x=1' });
    expect((await mock.sent())[0].url.search).toBe('?contextId=user%40mail.example%26x%3D1');
    expect(result.contextId).toBe('user@mail.example&x=1');
  });

  it('returns each payload exactly as PROTOCOL.md shapes it', async () => {
    seed();
    const { experiencePayloads } = await client().getExperiences({ contextId: 'v', experienceIds: [1], variation: 13 });
    expect(experiencePayloads).toEqual([
      {
        payload: { headline: 'Free shipping' },
        isControl: false,
        id: 1,
        callback: expect.stringMatching(/^https:\/\/experiences\.svc\.example\/v1\/callback\?data=[A-Za-z0-9_-]+$/),
        variation: 13,
      },
    ]);
  });

  it('experienceIds: a literal comma list, restricting the payloads in the order asked', async () => {
    seed();
    const result = await client().getExperiences({ contextId: 'v', experienceIds: [2, 1], ignoreSegments: true });
    expect(await sentUrls()).toEqual([`GET ${BASE}/v1/shop/experiences?contextId=v&experienceIds=2,1&ignoreSegments`]);
    expect(result.experiencePayloads.map((p) => p.id)).toEqual([2, 1]);
    const only1 = await client().getExperiences({ experienceIds: [1] });
    expect((await sentUrls())[1]).toBe(`GET ${BASE}/v1/shop/experiences?experienceIds=1`);
    expect(only1.experiencePayloads.map((p) => p.id)).toEqual([1]);
  });

  it('variation: only that variation master id, as a bare integer parameter', async () => {
    seed();
    const control = await client().getExperiences({ contextId: 'v', variation: 11 });
    expect(await sentUrls()).toEqual([`GET ${BASE}/v1/shop/experiences?contextId=v&variation=11`]);
    expect(control.experiencePayloads).toEqual([
      expect.objectContaining({ id: 1, variation: 11, isControl: true, payload: {} }),
    ]);
    const none = await client().getExperiences({ contextId: 'v', variation: 99 });
    expect(none.experiencePayloads).toEqual([]);
  });

  it('ignoreSegments: a bare flag that returns segmented experiences too', async () => {
    seed();
    const without = await client().getExperiences({ contextId: 'v' });
    const withFlag = await client().getExperiences({ contextId: 'v', ignoreSegments: true });
    expect((await sentUrls())[1]).toBe(`GET ${BASE}/v1/shop/experiences?contextId=v&ignoreSegments`);
    expect(without.experiencePayloads.map((p) => p.id)).toEqual([1]);
    expect(withFlag.experiencePayloads.map((p) => p.id)).toEqual([1, 2]);
    expect(withFlag.experiencePayloads[1].payload).toEqual({ code: 'BIG10' });
  });

  it('preview: a bare flag that serves the latest unpublished iteration', async () => {
    seed();
    mock.platform.admin.experiences.addIteration(TID, 1, { variations: [{ id: 14, payload: { headline: 'Draft' } }] });
    const published = await client().getExperiences({ contextId: 'v', experienceIds: [1] });
    const preview = await client().getExperiences({ contextId: 'v', experienceIds: [1], preview: true });
    expect((await sentUrls())[1]).toBe(`GET ${BASE}/v1/shop/experiences?contextId=v&experienceIds=1&preview`);
    expect([11, 12, 13]).toContain(published.experiencePayloads[0].variation);
    expect(preview.experiencePayloads).toEqual([
      expect.objectContaining({ id: 1, variation: 14, payload: { headline: 'Draft' } }),
    ]);
  });

  it('sends every parameter in PROTOCOL.md order, false flags left out', async () => {
    seed();
    await client().getExperiences({
      ignoreSegments: true,
      variation: 12,
      preview: true,
      experienceIds: [1],
      contextId: 'v',
    });
    await client().getExperiences({ contextId: 'v', preview: false, ignoreSegments: false });
    expect(await sentUrls()).toEqual([
      `GET ${BASE}/v1/shop/experiences?contextId=v&experienceIds=1&preview&variation=12&ignoreSegments`,
      `GET ${BASE}/v1/shop/experiences?contextId=v`,
    ]);
  });

  it('uses the endpoint option, then setEndpoints, trailing slashes dropped', async () => {
    mock.server.use(
      ...(await import('../../src/mock')).createHandlers(mock.platform, {
        endpoints: { experiences: 'https://exp.shop.example/api' },
      }),
    );
    seed();
    await createExperiencesClient({ trackingId: TID, endpoint: 'https://exp.shop.example/api/' }).getExperiences({
      contextId: 'v',
    });
    expect(await sentUrls()).toEqual(['GET https://exp.shop.example/api/v1/shop/experiences?contextId=v']);
  });

  it('an unknown tracking id gets no payloads and no cookie domains', async () => {
    const result = await createExperiencesClient({ trackingId: 'nobody' }).getExperiences({ contextId: 'v' });
    expect(result).toEqual({ experiencePayloads: [], contextId: 'v', cookieDomains: [], generated: false });
  });
});

describe('getExperiences errors', () => {
  it('NOT_FOUND naming an unknown id', async () => {
    seed();
    const error = await failure(client().getExperiences({ contextId: 'v', experienceIds: [1, 7] }));
    expect(error).toBeInstanceOf(ExperienceNotFoundError);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.status).toBe(404);
    expect((error as ExperienceNotFoundError).experienceId).toBe(7);
    expect(error.message).toBe('experiences of "shop": status 404: experience 7 not found');
    expect(isRetryable(error)).toBe(false);
    // The platform's own 404 stays reachable as the cause.
    expect(error.cause).toBeInstanceOf(SvcError);
    expect(error.cause).toMatchObject({
      name: 'NotFoundError',
      code: 'NOT_FOUND',
      status: 404,
      message: error.message,
    });
  });

  it('NOT_FOUND naming an archived id', async () => {
    seed();
    mock.platform.admin.experiences.archive(TID, 2);
    const error = await failure(client().getExperiences({ experienceIds: [2] }));
    expect(error.code).toBe('NOT_FOUND');
    expect((error as ExperienceNotFoundError).experienceId).toBe(2);
    // Archived experiences are never served otherwise either.
    expect(
      (await client().getExperiences({ contextId: 'v', ignoreSegments: true })).experiencePayloads.map((p) => p.id),
    ).toEqual([1]);
  });

  it('NOT_FOUND without an experience id for an unknown path (wrong endpoint)', async () => {
    const error = await failure(
      createExperiencesClient({ trackingId: TID, endpoint: `${BASE}/nope` }).getExperiences(),
    );
    expect(error.code).toBe('NOT_FOUND');
    expect(error).not.toBeInstanceOf(ExperienceNotFoundError);
    expect(error.message).toBe('experiences of "shop": status 404: The requested URL was not found on the server.');
  });

  it.each([
    ['SERVER_ERROR', { status: 503 }, 'ServerError'],
    ['BAD_REQUEST', { status: 400 }, 'BadRequestError'],
    ['RATE_LIMITED', { status: 429, retryAfter: 30 }, 'RateLimitedError'],
    ['NETWORK', { offline: true }, 'NetworkError'],
    ['PROTOCOL', { raw: '<html><body>502 Bad Gateway</body></html>', status: 502 }, 'ProtocolError'],
    ['PROTOCOL', { raw: '{"experiencePayloads":[' }, 'ProtocolError'],
  ] as const)('%s when the platform answers %j', async (code, fault, name) => {
    seed();
    mock.platform.faults.set('experiences', fault);
    const error = await failure(client().getExperiences({ contextId: 'v' }));
    expect(error.code).toBe(code);
    expect(error.name).toBe(name);
    expect(error.message).toMatch(/^experiences of "shop": /);
    expect((await mock.sent()).length).toBe(1);
  });

  it('TIMEOUT aborts a slow answer', async () => {
    seed();
    mock.platform.faults.set('experiences', { latencyMs: 200 });
    const error = await failure(
      createExperiencesClient({ trackingId: TID, timeout: 20 }).getExperiences({ contextId: 'v' }),
    );
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe('experiences of "shop": no response within 20 ms (request aborted)');
  });

  it.each([
    ['{"experiencePayloads":{},"contextId":"v","cookieDomains":[]}', 'invalid response.experiencePayloads'],
    ['{"experiencePayloads":[],"cookieDomains":[]}', 'invalid response.contextId'],
    ['{"experiencePayloads":[],"contextId":"","cookieDomains":[]}', 'invalid response.contextId'],
    ['{"experiencePayloads":[],"contextId":"v","cookieDomains":[".a.example",1]}', 'invalid response.cookieDomains[1]'],
    ['{"experiencePayloads":[],"contextId":"v"}', 'invalid response.cookieDomains'],
    ['{"experiencePayloads":[null],"contextId":"v","cookieDomains":[]}', 'invalid response.experiencePayloads[0]'],
    [
      '{"experiencePayloads":[{"payload":{},"isControl":"no","id":1,"callback":"https://x.example/cb","variation":11}],"contextId":"v","cookieDomains":[]}',
      'invalid response.experiencePayloads[0].isControl',
    ],
    [
      '{"experiencePayloads":[{"payload":[],"isControl":false,"id":1,"callback":"https://x.example/cb","variation":11}],"contextId":"v","cookieDomains":[]}',
      'invalid response.experiencePayloads[0].payload',
    ],
    [
      '{"experiencePayloads":[{"payload":{},"isControl":false,"id":1,"callback":"javascript:alert(1)","variation":11}],"contextId":"v","cookieDomains":[]}',
      'invalid response.experiencePayloads[0].callback',
    ],
    [
      '{"experiencePayloads":[{"payload":{},"isControl":false,"id":1,"callback":"https://x.example/cb","variation":11},{"payload":{},"isControl":false,"id":1.5,"callback":"https://x.example/cb","variation":11}],"contextId":"v","cookieDomains":[]}',
      'invalid response.experiencePayloads[1].id',
    ],
    [
      '{"experiencePayloads":[{"payload":{},"isControl":false,"id":1,"callback":"https://x.example/cb"}],"contextId":"v","cookieDomains":[]}',
      'invalid response.experiencePayloads[0].variation',
    ],
  ])('PROTOCOL for a 200 body of the wrong shape: %s', async (raw, reason) => {
    mock.platform.faults.set('experiences', { raw });
    const error = await failure(client().getExperiences({ contextId: 'v' }));
    expect(error.code).toBe('PROTOCOL');
    expect(error.message).toBe(`experiences of "shop": ${reason}`);
  });
});

describe('invalid arguments are refused before any request', () => {
  it.each([
    [{ contextId: '' }, 'contextId'],
    [{ contextId: 42 }, 'contextId'],
    [{ contextId: 'x'.repeat(257) }, 'contextId'],
    [{ experienceIds: [] }, 'experienceIds'],
    [{ experienceIds: [1, 1.5] }, 'experienceIds'],
    [{ experienceIds: ['1'] }, 'experienceIds'],
    [{ experienceIds: [0] }, 'experienceIds'],
    [{ experienceIds: 1 }, 'experienceIds'],
    [{ variation: 11.5 }, 'variation'],
    [{ variation: -1 }, 'variation'],
    [{ variation: '11' }, 'variation'],
    [{ preview: 'yes' }, 'preview'],
    [{ ignoreSegments: 1 }, 'ignoreSegments'],
  ])('%j -> INVALID_ARGUMENT naming %s', async (options, argument) => {
    const error = await failure(client().getExperiences(options as unknown as GetExperiencesOptions));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error).toMatchObject({ argument, value: (options as Record<string, unknown>)[argument] });
    expect(error.message.startsWith(`${argument} must be`)).toBe(true);
    expect(await mock.sent()).toEqual([]);
  });

  it.each([
    [{ trackingId: '' }, 'trackingId'],
    [{ trackingId: 'a/b' }, 'trackingId'],
    [{ trackingId: '..' }, 'trackingId'],
    [{ trackingId: 'shop', endpoint: 'ftp://x' }, 'endpoint'],
    [{ trackingId: 'shop', timeout: -1 }, 'timeout'],
    [{ trackingId: 'shop', timeout: Number.NaN }, 'timeout'],
  ])('createExperiencesClient(%j) throws naming %s', async (options, argument) => {
    expect(() => createExperiencesClient(options as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', argument }),
    );
    expect(await mock.sent()).toEqual([]);
  });
});
