import { describe, expect, it } from 'vitest';
import { createExperiencesClient, type ExperiencePayload } from '../../src/experiences';
import { failure, thrown } from '../support/failure';
import { useMockPlatform } from '../support/mock-server';

// Acceptance audit of issue 7: what the other files left untested, and the bugs the audit found
// (each test here failed against the code before its fix, or against a deliberately broken copy).
const mock = useMockPlatform({ now: '2026-11-21T12:00:00Z' });
const TID = 'shop';
const BASE = 'https://experiences.svc.example';
const MAX_ID = Number.MAX_SAFE_INTEGER; // 9007199254740991: 16 digits

function seed() {
  mock.platform.admin.experiences.create(TID, {
    id: 1,
    name: 'Hero',
    variations: [
      { id: 11, isControl: true },
      { id: 12, payload: { headline: 'Sale' } },
    ],
  });
}
const client = (options: object = {}) => createExperiencesClient({ trackingId: TID, ...options });
const payloadFor = async (variation: number) =>
  (await client().getExperiences({ contextId: 'ctx-1', variation })).experiencePayloads[0];
const posts = async () => (await mock.sent()).filter((r) => r.method === 'POST');

describe('timeout', () => {
  it('2^31 ms or more is refused at creation: timers fire at once for it, a TIMEOUT before any answer', async () => {
    for (const timeout of [2 ** 31, 1e10]) {
      const error = thrown(() => client({ timeout }));
      expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'timeout', value: timeout });
      expect(error.message).toBe(`timeout must be whole ms from 0 to 2^31-1 (got ${timeout})`);
    }
    expect(thrown(() => client({ timeout: '300' }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      argument: 'timeout',
      value: '300',
    });
    expect(await mock.sent()).toEqual([]);
  });

  it('2^31-1 ms is accepted and does not cut a slow answer short', async () => {
    seed();
    mock.platform.faults.set('experiences', { latencyMs: 30 });
    const result = await client({ timeout: 2 ** 31 - 1 }).getExperiences({ contextId: 'v', variation: 12 });
    expect(result.experiencePayloads.map((p) => p.variation)).toEqual([12]);
  });
});

describe('URLs without a host', () => {
  it.each(['https://', 'https:///v1', 'http://?x=1', 'https://#top'])(
    'endpoint %j is INVALID_ARGUMENT, not a request to a guessed host',
    async (endpoint) => {
      expect(thrown(() => client({ endpoint }))).toMatchObject({
        code: 'INVALID_ARGUMENT',
        argument: 'endpoint',
        value: endpoint,
      });
      expect(await mock.sent()).toEqual([]);
    },
  );

  it('a callback without a host is PROTOCOL in a response, and INVALID_ARGUMENT for seen() with nothing sent', async () => {
    mock.platform.faults.set('experiences', {
      raw: '{"experiencePayloads":[{"payload":{},"isControl":false,"id":1,"callback":"https://","variation":11}],"contextId":"v","cookieDomains":[]}',
    });
    const error = await failure(client().getExperiences({ contextId: 'v' }));
    expect(error).toMatchObject({
      code: 'PROTOCOL',
      message: 'experiences of "shop": invalid response.experiencePayloads[0].callback',
    });
    const payload: ExperiencePayload = { payload: {}, isControl: false, id: 1, callback: 'https://', variation: 11 };
    expect(await failure(client().seen(payload, 'device-1'))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      argument: 'experiencePayload.callback',
    });
    expect((await mock.sent()).length).toBe(1);
  });
});

describe('generated', () => {
  it('is true when the platform answers with another contextId than the one sent (it made that one)', async () => {
    mock.platform.faults.set('experiences', {
      raw: '{"experiencePayloads":[],"contextId":"fresh-id","cookieDomains":[".shop.example"]}',
    });
    const result = await client().getExperiences({ contextId: 'stale-id' });
    expect(result).toEqual({
      experiencePayloads: [],
      contextId: 'fresh-id',
      cookieDomains: ['.shop.example'],
      generated: true,
    });
    expect((await mock.sent())[0].url.search).toBe('?contextId=stale-id');
  });
});

describe('ids up to Number.MAX_SAFE_INTEGER', () => {
  it('an experience and variation id the client and the admin accept are served by the mock, not a 400', async () => {
    mock.platform.admin.experiences.create(TID, {
      id: MAX_ID,
      name: 'Big',
      variations: [{ id: MAX_ID - 1, payload: { big: true } }],
    });
    const result = await client().getExperiences({ contextId: 'v', experienceIds: [MAX_ID], variation: MAX_ID - 1 });
    expect((await mock.sent())[0].url.href).toBe(
      `${BASE}/v1/shop/experiences?contextId=v&experienceIds=${MAX_ID}&variation=${MAX_ID - 1}`,
    );
    expect(result.experiencePayloads).toEqual([
      expect.objectContaining({ id: MAX_ID, variation: MAX_ID - 1, payload: { big: true } }),
    ]);
  });

  it.each([
    ['experienceIds', `${MAX_ID + 1}`, 'a comma-separated list of experience ids'],
    ['experienceIds', '1,01', 'a comma-separated list of experience ids'],
    ['variation', '1e3', 'a variation id'],
  ])('the mock answers 400 for %s=%s', async (name, value, expected) => {
    const response = await fetch(`${BASE}/v1/shop/experiences?${name}=${value}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 400,
      message: `parameter ${name} has an invalid value: ${JSON.stringify(value)} is not ${expected}`,
    });
  });
});

describe('signal', () => {
  it('an aborted signal rejects with its reason and sends nothing', async () => {
    seed();
    const reason = new Error('page closed');
    const error = await client()
      .getExperiences({ contextId: 'v', signal: AbortSignal.abort(reason) })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBe(reason);
    expect(await mock.sent()).toEqual([]);
  });

  it('a signal that is not an AbortSignal is INVALID_ARGUMENT naming it, and nothing is sent; null means none', async () => {
    seed();
    for (const signal of ['x', 0, {}, { aborted: false }]) {
      const error = await failure(
        client().getExperiences({ contextId: 'v', signal: signal as unknown as AbortSignal }),
      );
      expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'signal', value: signal });
    }
    expect(await mock.sent()).toEqual([]);
    await client().getExperiences({ contextId: 'v', signal: null as unknown as AbortSignal });
    expect(await mock.sent()).toHaveLength(1);
  });

  it('aborting while the platform is slow rejects with the reason', async () => {
    seed();
    mock.platform.faults.set('experiences', { latencyMs: 200 });
    const controller = new AbortController();
    const pending = client().getExperiences({ contextId: 'v', signal: controller.signal });
    setTimeout(() => controller.abort('navigated away'), 10);
    expect(
      await pending.then(
        () => 'resolved',
        (e: unknown) => e,
      ),
    ).toBe('navigated away');
  });
});

describe('seen never rejects because of the answer', () => {
  it('a TIMEOUT is reported in the result after one attempt (it may have been recorded: not retried)', async () => {
    seed();
    const payload = await payloadFor(12);
    // The timeout leaves the request time to reach the mock on a loaded machine (20 ms did not always).
    mock.platform.faults.set('callback', { latencyMs: 3000 });
    const result = await client({ timeout: 300 }).seen(payload, 'device-1');
    expect(result).toMatchObject({ ok: false, status: undefined, attempts: 1 });
    expect(result.error?.code).toBe('TIMEOUT');
    expect(await posts()).toHaveLength(1);
  });

  it('an HTML 404 is ok: false with its status, not a rejection', async () => {
    seed();
    const payload = await payloadFor(11);
    mock.platform.faults.set('callback', { status: 404, raw: '<html>Not Found</html>' });
    const result = await client().seen(payload, 'device-1');
    expect(result).toMatchObject({ ok: false, status: 404, attempts: 1 });
    expect(result.error?.code).toBe('PROTOCOL');
  });

  it('deviceId: 256 characters are sent, 257 refused before any request', async () => {
    seed();
    const payload = await payloadFor(12);
    expect(await failure(client().seen(payload, 'd'.repeat(257)))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      argument: 'deviceId',
    });
    expect(await posts()).toEqual([]);
    expect(await client().seen(payload, 'd'.repeat(256))).toEqual({ ok: true, status: 200, attempts: 1 });
    expect((await posts())[0].json).toEqual({ id: 'd'.repeat(256) });
  });
});
