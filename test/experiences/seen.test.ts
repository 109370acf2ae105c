import { describe, expect, it } from 'vitest';
import { createExperiencesClient, type ExperiencePayload, SvcError } from '../../src/experiences';
import { useMockPlatform } from '../support/mock-server';

// seen(): POST {id: deviceId} to the callback exactly as received, control groups included,
// recorded by the platform as views; never rejects because of the answer or the network.
const mock = useMockPlatform({ now: '2026-11-21T12:00:00Z' });
const TID = 'shop';

function seed() {
  mock.platform.admin.experiences.create(TID, {
    id: 1,
    name: 'Hero',
    variations: [
      { id: 11, isControl: true, payload: {} },
      { id: 12, payload: { headline: 'Sale' } },
    ],
  });
}
const client = () => createExperiencesClient({ trackingId: TID });
const payloadFor = async (variation: number, contextId = 'ctx-1') =>
  (await client().getExperiences({ contextId, variation })).experiencePayloads[0];

describe('seen', () => {
  it('POSTs {id: deviceId} to the callback URL exactly as received', async () => {
    seed();
    const payload = await payloadFor(12);
    const result = await client().seen(payload, 'device-9');
    const [, post] = await mock.sent();
    expect(post.method).toBe('POST');
    expect(post.url.href).toBe(payload.callback);
    expect(post.headers.get('content-type')).toBe('application/json');
    expect(post.json).toEqual({ id: 'device-9' });
    expect(result).toEqual({ ok: true, status: 200, attempts: 1 });
  });

  it('uses a callback URL verbatim, whatever it looks like (never rebuilt or re-encoded)', async () => {
    seed();
    const payload = await payloadFor(12);
    // A platform is free to move callbacks elsewhere and add parameters; the client only follows.
    const foreign: ExperiencePayload = { ...payload, callback: `${payload.callback}&sig=a%2Fb~c&z=%7E` };
    await client().seen(foreign, 'device-9');
    const sent = await mock.sent();
    expect(sent[1].url.href).toBe(foreign.callback);
    // The platform still recognised its data and recorded the view.
    expect(mock.platform.inspect.experiences.views(TID)).toHaveLength(1);
  });

  it('records views per experience and variation, the control group included, as metrics', async () => {
    seed();
    const control = await payloadFor(11, 'ctx-1');
    const sale = await payloadFor(12, 'ctx-2');
    expect(control.isControl).toBe(true);
    await client().seen(control, 'device-1');
    await client().seen(sale, 'device-2');
    await client().seen(sale, 'device-2');
    const view = (variation: number, contextId: string, isControl: boolean, deviceId: string) => ({
      trackingId: TID,
      experience: 1,
      iteration: 1,
      variation,
      contextId,
      isControl,
      deviceId,
      at: Date.parse('2026-11-21T12:00:00Z'),
    });
    const saleView = view(12, 'ctx-2', false, 'device-2');
    expect(mock.platform.inspect.experiences.views(TID)).toEqual([
      view(11, 'ctx-1', true, 'device-1'),
      saleView,
      saleView,
    ]);
    expect(mock.platform.inspect.experiences.metrics(TID)).toEqual([
      {
        experience: 1,
        name: 'Hero',
        served: 2,
        views: 3,
        visitors: 2,
        variations: [
          { variation: 11, name: 'Control', isControl: true, served: 1, views: 1, visitors: 1 },
          { variation: 12, name: 'Variation 12', isControl: false, served: 1, views: 2, visitors: 1 },
        ],
      },
    ]);
  });

  it('resolves, not rejects, when the answer is not 200 (no retry: the platform answered)', async () => {
    seed();
    const payload = await payloadFor(12);
    mock.platform.faults.set('callback', { status: 503 });
    const result = await client().seen(payload, 'device-9');
    expect(result).toMatchObject({ ok: false, status: 503, attempts: 1 });
    expect(result.error).toBeInstanceOf(SvcError);
    expect(result.error?.code).toBe('SERVER_ERROR');
    expect((await mock.sent()).filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(mock.platform.inspect.experiences.views(TID)).toEqual([]);
  });

  it('counts HTTP 200 as recorded even when the body is not JSON', async () => {
    seed();
    const payload = await payloadFor(12);
    mock.platform.faults.set('callback', { raw: 'OK' });
    expect(await client().seen(payload, 'device-9')).toEqual({ ok: true, status: 200, attempts: 1 });
  });

  it('retries a network failure, then succeeds', async () => {
    seed();
    const payload = await payloadFor(12);
    mock.platform.faults.set('callback', { offline: true, times: 2 });
    const result = await client().seen(payload, 'device-9');
    expect(result).toEqual({ ok: true, status: 200, attempts: 3 });
    const posts = (await mock.sent()).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.url.href)).toEqual([payload.callback, payload.callback, payload.callback]);
    expect(mock.platform.inspect.experiences.views(TID)).toHaveLength(1);
  });

  it('gives up after 3 network failures and reports it in the result', async () => {
    seed();
    const payload = await payloadFor(12);
    mock.platform.faults.set('callback', { offline: true });
    const result = await client().seen(payload, 'device-9');
    expect(result).toMatchObject({ ok: false, status: undefined, attempts: 3 });
    expect(result.error?.code).toBe('NETWORK');
    expect(mock.platform.inspect.experiences.views(TID)).toEqual([]);
  });

  it('the platform answers 200 to callbacks it did not make, and only counts them', async () => {
    const forged: ExperiencePayload = {
      payload: {},
      isControl: false,
      id: 1,
      variation: 11,
      callback: 'https://experiences.svc.example/v1/callback?data=bm9wZQ',
    };
    expect(await client().seen(forged, 'device-9')).toEqual({ ok: true, status: 200, attempts: 1 });
    expect(mock.platform.inspect.experiences.views()).toEqual([]);
    expect(mock.platform.inspect.experiences.invalidCallbacks()).toBe(1);
  });

  it.each([
    [{ callback: 'not a url' }, 'device', 'experiencePayload.callback'],
    [{ callback: 'javascript:alert(1)' }, 'device', 'experiencePayload.callback'],
    [null, 'device', 'experiencePayload.callback'],
    [{ callback: 'https://experiences.svc.example/v1/callback?data=x' }, '', 'deviceId'],
    [{ callback: 'https://experiences.svc.example/v1/callback?data=x' }, undefined, 'deviceId'],
    [{ callback: 'https://experiences.svc.example/v1/callback?data=x' }, 7, 'deviceId'],
  ])(
    'refuses %j with device %j before any request (INVALID_ARGUMENT naming %s)',
    async (payload, deviceId, argument) => {
      const error = await client()
        .seen(payload as ExperiencePayload, deviceId as string)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', argument });
      expect(await mock.sent()).toEqual([]);
    },
  );
});
