import { describe, expect, it } from 'vitest';
import { setEndpoints } from '../../src/core/endpoints';
import { InvalidArgumentError, isRetryable, RateLimitedError } from '../../src/core/errors';
import { createIntegration, type Integration } from '../../src/integrations';
import { createHandlers } from '../../src/mock';
import { failure, thrown } from '../support/failure';
import { useMockPlatform } from '../support/mock-server';

// The client against the mock platform: what it refuses before sending, the exact requests it
// sends, and how it maps the platform's answers.
const NOW = '2026-11-23T10:00:00.000Z'; // a monday
const mock = useMockPlatform({ now: NOW });
const tid = 'shop1';
const base = `https://integrations.svc.example/v1/${tid}/integrations`;

function echo(name = 'echo') {
  mock.platform.admin.integrations.create(tid, { name, handler: ({ payload }) => ({ got: payload }) });
  return createIntegration(name, { trackingId: tid });
}

describe('createIntegration refuses bad options at creation', () => {
  it.each([
    ['name', () => createIntegration('a/b', { trackingId: tid })],
    ['name', () => createIntegration('..', { trackingId: tid })],
    ['name', () => createIntegration(7 as unknown as string, { trackingId: tid })],
    ['options.trackingId', () => createIntegration('x', { trackingId: 'a b' })],
    ['options.trackingId', () => createIntegration('x', undefined as unknown as { trackingId: string })],
    ['options.timeout', () => createIntegration('x', { trackingId: tid, timeout: -1 })],
    ['options.timeout', () => createIntegration('x', { trackingId: tid, timeout: 1.5 })],
    ['options.timeout', () => createIntegration('x', { trackingId: tid, timeout: 2 ** 53 })],
    ['options.timeout', () => createIntegration('x', { trackingId: tid, timeout: 2 ** 31 })], // more than setTimeout can wait
    [
      'options.endpoint',
      () => createIntegration('x', { trackingId: tid, endpoint: new URL('https://x.example') as unknown as string }),
    ],
    ['options.endpoint', () => createIntegration('x', { trackingId: tid, endpoint: 7 as unknown as string })],
  ])('%s', async (argument, create) => {
    const error = thrown(create, InvalidArgumentError);
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.argument).toBe(argument);
    expect(await mock.sent()).toEqual([]);
  });
});

describe('each call refuses bad arguments before any request', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const cases: [string, (i: Integration) => Promise<unknown>][] = [
    ['payload', (i) => i.execute(10n)],
    ['payload.self', (i) => i.schedule(cyclic)],
    ['payload', (i) => i.execute(() => 'not JSON')],
    ['payload', (i) => i.schedule(Symbol('not JSON'))],
    ['options.key', (i) => i.execute({}, { key: 'email' as unknown as Record<string, string> })],
    ['options.key', (i) => i.execute({}, { key: ['a'] as unknown as Record<string, string> })],
    ['options.key', (i) => i.schedule({}, { key: null as unknown as Record<string, string> })],
    // Not plain objects: a Date has no own keys and would go out as its toJSON() string.
    ['options.key', (i) => i.execute({}, { key: new Date(0) as unknown as Record<string, string> })],
    [
      'key',
      (i) =>
        i.cancel(
          new (class {
            email = 'a';
          })() as unknown as Record<string, string>,
        ),
    ],
    ['options.key.email', (i) => i.execute({}, { key: { email: true as unknown as string } })],
    ['options.key.n', (i) => i.execute({}, { key: { n: Number.NaN } })],
    ['options.key.n', (i) => i.schedule({}, { key: { n: Infinity } })],
    ['options.key.o', (i) => i.schedule({}, { key: { o: {} as unknown as string } })],
    ['options.delay', (i) => i.schedule({}, { delay: -1 })],
    ['options.delay', (i) => i.schedule({}, { delay: 1.5 })],
    ['options.delay', (i) => i.schedule({}, { delay: '10' as unknown as number })],
    ['options.delay', (i) => i.schedule({}, { delay: Number.NaN })],
    ['options.window', (i) => i.schedule({}, { window: 'mon-fri' as unknown as object })],
    ['options.window', (i) => i.schedule({}, { window: {} })],
    ['options.window', (i) => i.schedule({}, { window: { day: 'mon', hours: '9-5' } as object })],
    ['options.window.day', (i) => i.schedule({}, { window: { day: 'monday' } })],
    ['options.window.day', (i) => i.schedule({}, { window: { day: 'mon-xyz' } })],
    ['options.window.day', (i) => i.schedule({}, { window: { day: 'mon-fri-sat' } })],
    ['options.window.day', (i) => i.schedule({}, { window: { day: 1 as unknown as string } })],
    ['options.window.time', (i) => i.schedule({}, { window: { time: '9:00-17:00' } })],
    ['options.window.time', (i) => i.schedule({}, { window: { time: '24:00-01:00' } })],
    ['options.window.time', (i) => i.schedule({}, { window: { time: '09:60-10:00' } })],
    ['options.window.time', (i) => i.schedule({}, { window: { day: 'mon', time: '10:00-10:00' } })],
    ['options.window.time', (i) => i.schedule({}, { window: { time: '09:00' } })],
    ['key', (i) => i.cancel({})],
    ['key', (i) => i.cancel(undefined as unknown as Record<string, string>)],
    ['key.email', (i) => i.cancel({ email: null as unknown as string })],
  ];
  it.each(cases)('%s', async (argument, call) => {
    const error = await failure(call(echo()));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect((error as InvalidArgumentError).argument).toBe(argument);
    expect(error.message.startsWith(`${argument} `)).toBe(true);
    expect(await mock.sent()).toEqual([]);
  });

  it('names the argument, the expectation and the value in the message', async () => {
    const i = echo();
    const messages = [];
    for (const call of [
      () => i.schedule({}, { window: { day: 'mon', time: '9-5' } }),
      () => i.cancel({}),
      () => i.execute({}, { key: { n: Infinity } }),
    ]) {
      messages.push((await failure(call())).message);
    }
    expect(messages).toEqual([
      'options.window.time must be like {day:"mon-fri",time:"09:00-17:00"} (got "9-5")',
      'key must be a non-empty object (got {})',
      'options.key.n must be a string or finite number (got Infinity)',
    ]);
    expect(await mock.sent()).toEqual([]);
  });

  it('accepts the documented window forms', async () => {
    const i = echo();
    for (const window of [
      { day: 'mon-fri' },
      { day: 'SAT' },
      { day: 'fri-mon', time: '22:00-06:00' },
      { time: '00:00-23:59' },
    ]) {
      await expect(i.schedule({}, { window })).resolves.toMatchObject({ executionId: expect.any(String) });
    }
    expect((await mock.sent()).map((r) => (r.json as { window: unknown }).window)).toEqual([
      { day: 'mon-fri' },
      { day: 'SAT' },
      { day: 'fri-mon', time: '22:00-06:00' },
      { time: '00:00-23:59' },
    ]);
  });
});

describe('exact requests', () => {
  it('execute: POST …/execute {payload, key} and resolves the handler result', async () => {
    const i = echo();
    await expect(i.execute({ to: 'a@b.example' }, { key: { email: 'h1', n: 2 } })).resolves.toEqual({
      executionId: 'ex-1',
      result: { got: { to: 'a@b.example' } },
    });
    const [sent] = await mock.sent();
    expect(sent.method).toBe('POST');
    expect(sent.url.href).toBe(`${base}/echo/execute`);
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(sent.body).toBe('{"payload":{"to":"a@b.example"},"key":{"email":"h1","n":2}}');
  });

  it('execute without payload or key sends {} for both; other JSON payloads reach the handler as sent', async () => {
    const i = echo();
    await i.execute();
    await expect(i.execute(null)).resolves.toEqual({ executionId: 'ex-2', result: { got: null } });
    await expect(i.execute([1, 'two'])).resolves.toEqual({ executionId: 'ex-3', result: { got: [1, 'two'] } });
    expect((await mock.sent()).map((r) => r.body)).toEqual([
      '{"payload":{},"key":{}}',
      '{"payload":null,"key":{}}',
      '{"payload":[1,"two"],"key":{}}',
    ]);
  });

  it('schedule: POST …/schedule {payload, key, delay, window} and resolves {executionId, runAt}', async () => {
    const i = echo();
    await expect(
      i.schedule({ a: 1 }, { key: { order: 'o1' }, delay: 60_000, window: { day: 'mon-fri', time: '09:00-17:00' } }),
    ).resolves.toEqual({
      executionId: 'ex-1',
      runAt: '2026-11-23T10:01:00.000Z',
    });
    await i.schedule('x');
    const sent = await mock.sent();
    expect(sent.map((r) => [r.method, r.url.href])).toEqual([
      ['POST', `${base}/echo/schedule`],
      ['POST', `${base}/echo/schedule`],
    ]);
    expect(sent[0].body).toBe(
      '{"payload":{"a":1},"key":{"order":"o1"},"delay":60000,"window":{"day":"mon-fri","time":"09:00-17:00"}}',
    );
    expect(sent[1].body).toBe('{"payload":"x","key":{},"delay":0}');
  });

  it('cancel: POST …/cancel {key} and resolves the count', async () => {
    const i = echo();
    await i.schedule({}, { key: { order: 'o1' }, delay: 1000 });
    await expect(i.cancel({ order: 'o1' })).resolves.toBe(1);
    const sent = await mock.sent();
    expect(sent[1].url.href).toBe(`${base}/echo/cancel`);
    expect(sent[1].body).toBe('{"key":{"order":"o1"}}');
  });

  it('uses the endpoint option, else setEndpoints, with no trailing slash', async () => {
    echo();
    const other = 'https://other.svc.example/';
    mock.server.use(...createHandlers(mock.platform, { endpoints: { integrations: 'https://other.svc.example' } }));
    await createIntegration('echo', { trackingId: tid, endpoint: other }).execute(1);
    setEndpoints({ integrations: 'https://other.svc.example' });
    try {
      await createIntegration('echo', { trackingId: tid }).execute(2);
    } finally {
      setEndpoints({ integrations: 'https://integrations.svc.example' });
    }
    expect((await mock.sent()).map((r) => r.url.href)).toEqual([
      `https://other.svc.example/v1/${tid}/integrations/echo/execute`,
      `https://other.svc.example/v1/${tid}/integrations/echo/execute`,
    ]);
  });
});

describe('answers', () => {
  it('NOT_FOUND for an unknown integration or property', async () => {
    echo();
    const unknown = await failure(createIntegration('nope', { trackingId: tid }).execute({}));
    expect(unknown.code).toBe('NOT_FOUND');
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('integration "nope" execute: status 404');
    const otherProperty = createIntegration('echo', { trackingId: 'other' });
    expect((await failure(otherProperty.schedule({}))).code).toBe('NOT_FOUND');
    expect((await failure(otherProperty.cancel({ a: 1 }))).code).toBe('NOT_FOUND');
  });

  it('RATE_LIMITED carrying retryAt (HTTP 429 with Retry-After)', async () => {
    mock.platform.admin.integrations.create(tid, {
      name: 'once',
      settings: { rateLimits: [{ limit: 1, interval: 'hour' }] },
      handler: () => 'ok',
    });
    const i = createIntegration('once', { trackingId: tid });
    await i.execute();
    const error = await failure(i.execute());
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.status).toBe(429);
    expect((error as RateLimitedError).retryAt).toBe('2026-11-23T11:00:00.000Z');
    expect(isRetryable(error)).toBe(true);
  });

  it('RATE_LIMITED also when the platform says 429 in the body under HTTP 200', async () => {
    echo();
    mock.platform.faults.set('integrations', { raw: '{"status":429,"retryAt":"2026-11-24T00:00:00.000Z"}', times: 1 });
    const error = await failure(createIntegration('echo', { trackingId: tid }).execute());
    expect(error.code).toBe('RATE_LIMITED');
    expect((error as RateLimitedError).retryAt).toBe('2026-11-24T00:00:00.000Z');
  });

  it('SERVER_ERROR when the handler throws; TIMEOUT when it does not finish in the integration timeout', async () => {
    const admin = mock.platform.admin.integrations;
    admin.create(tid, { name: 'throws', handler: () => Promise.reject(new Error('mail server said no')) });
    admin.create(tid, { name: 'hangs', settings: { timeout: 20 }, handler: () => new Promise(() => {}) });
    const thrown = await failure(createIntegration('throws', { trackingId: tid }).execute());
    expect(thrown.code).toBe('SERVER_ERROR');
    expect(thrown.status).toBe(500);
    expect(thrown.message).toBe(
      'integration "throws" execute: status 500: integration "throws" failed: mail server said no',
    );
    const hung = await failure(createIntegration('hangs', { trackingId: tid }).execute());
    expect(hung.code).toBe('TIMEOUT');
    expect(hung.name).toBe('TimeoutError');
    expect(hung.status).toBe(504);
  });

  it('BAD_REQUEST when an HTTP call targets an event-triggered integration', async () => {
    mock.platform.admin.integrations.create(tid, {
      name: 'on-order',
      trigger: { event: 'ecBasketTransactionSummary' },
      handler: () => 1,
    });
    const error = await failure(createIntegration('on-order', { trackingId: tid }).execute());
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('is started by event ecBasketTransactionSummary, not HTTP');
  });

  it.each([
    ['execute', '{"status":200,"result":1}', (i: Integration) => i.execute(), 'response.executionId'],
    ['execute', '{"status":200,"executionId":"ex-9"}', (i: Integration) => i.execute(), 'response.result'],
    ['schedule', '{"status":200,"executionId":"ex-9"}', (i: Integration) => i.schedule(), 'response.runAt'],
    [
      'schedule',
      '{"status":200,"runAt":"2026-11-23T10:00:00.000Z"}',
      (i: Integration) => i.schedule(),
      'response.executionId',
    ],
    ['cancel', '{"status":200,"cancelled":"1"}', (i: Integration) => i.cancel({ a: 1 }), 'response.cancelled'],
  ])('PROTOCOL when a %s answer lacks its fields, naming the first', async (op, raw, call, field) => {
    const i = echo();
    mock.platform.faults.set('integrations', { raw });
    const error = await failure(call(i));
    expect(error.code).toBe('PROTOCOL');
    expect(error.message).toBe(`integration "echo" ${op}: invalid ${field}`);
  });

  it('an execute answer whose result is null is an answer (any JSON, present)', async () => {
    const i = echo();
    mock.platform.faults.set('integrations', { raw: '{"status":200,"executionId":"ex-9","result":null}' });
    expect(await i.execute()).toEqual({ executionId: 'ex-9', result: null });
  });

  it('TIMEOUT from the client option aborts the request', async () => {
    echo();
    mock.platform.faults.set('integrations', { latencyMs: 500 });
    const error = await failure(createIntegration('echo', { trackingId: tid, timeout: 20 }).execute());
    expect(error.code).toBe('TIMEOUT');
    expect(error.status).toBeUndefined();
  });
});
