import { describe, expect, it, vi } from 'vitest';
import { createIntegration } from '../../src/integrations';
import { useMockPlatform } from '../support/mock-server';

// The registry and what each run records: status, duration, logs; timeouts; handler errors;
// write-only secrets; the per-integration cache.
const mock = useMockPlatform({ now: '2026-11-23T10:00:00.000Z' });
const tid = 'shop1';
const admin = () => mock.platform.admin.integrations;
const inspect = () => mock.platform.inspect.integrations;

describe('runs', () => {
  it('records status, duration, the handler console lines and the result', async () => {
    admin().create(tid, {
      name: 'greet',
      handler: async ({ payload, console }) => {
        console.debug('debugging', { n: 1 });
        console.log('hello', (payload as { who: string }).who);
        console.warn(new Error('careful').message);
        console.error([1, 2]);
        return { greeted: (payload as { who: string }).who };
      },
    });
    const greet = createIntegration('greet', { trackingId: tid });
    expect(await greet.execute({ who: 'ann' }, { key: { user: 'u1' } })).toEqual({
      executionId: 'ex-1',
      result: { greeted: 'ann' },
    });
    const [run] = inspect().runs();
    expect(run).toEqual({
      executionId: 'ex-1',
      trackingId: tid,
      integration: 'greet',
      trigger: 'execute',
      key: { user: 'u1' },
      payload: { who: 'ann' },
      at: Date.parse('2026-11-23T10:00:00.000Z'),
      status: 'ok',
      durationMs: run.durationMs,
      logs: [
        { level: 'debug', message: 'debugging {"n":1}' },
        { level: 'log', message: 'hello ann' },
        { level: 'warn', message: 'careful' },
        { level: 'error', message: '[1,2]' },
      ],
      result: { greeted: 'ann' },
    });
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('a handler that does not settle within its timeout is recorded as timeout (and answered 504)', async () => {
    admin().create(tid, {
      name: 'slow',
      settings: { timeout: 25 },
      handler: ({ console }) => {
        console.log('calling the slow API');
        return new Promise(() => {});
      },
    });
    const error = await createIntegration('slow', { trackingId: tid })
      .execute({})
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TIMEOUT', status: 504 });
    const [run] = inspect().runs();
    expect([run.status, run.error, run.logs]).toEqual([
      'timeout',
      'no result within 25 ms',
      [{ level: 'log', message: 'calling the slow API' }],
    ]);
    expect(run.result).toBeUndefined();
  });

  it('a timed-out run does not block the next one; a thrown error is recorded as error', async () => {
    let calls = 0;
    admin().create(tid, {
      name: 'flaky',
      settings: { timeout: 25 },
      handler: () => {
        calls++;
        if (calls === 1) return new Promise(() => {});
        if (calls === 2) throw new TypeError('bad payload');
        return 'fine';
      },
    });
    const flaky = createIntegration('flaky', { trackingId: tid });
    await expect(flaky.execute()).rejects.toMatchObject({ code: 'TIMEOUT' });
    await expect(flaky.execute()).rejects.toMatchObject({ code: 'SERVER_ERROR', status: 500 });
    await expect(flaky.execute()).resolves.toEqual({ executionId: 'ex-3', result: 'fine' });
    expect(
      inspect()
        .runs()
        .map((r) => [r.status, r.error ?? null]),
    ).toEqual([
      ['timeout', 'no result within 25 ms'],
      ['error', 'bad payload'],
      ['ok', null],
    ]);
    expect(inspect().runs({ status: 'error' })).toHaveLength(1);
  });

  it('a result that is not JSON is an error; undefined is answered as null', async () => {
    admin().create(tid, { name: 'fn', handler: () => () => 1 });
    admin().create(tid, { name: 'nothing', handler: () => undefined });
    await expect(createIntegration('fn', { trackingId: tid }).execute()).rejects.toMatchObject({
      code: 'SERVER_ERROR',
    });
    expect(inspect().runs()[0]).toMatchObject({ status: 'error', error: 'the result is not JSON-serialisable' });
    await expect(createIntegration('nothing', { trackingId: tid }).execute()).resolves.toEqual({
      executionId: 'ex-2',
      result: null,
    });
  });

  it('the cache is kept per integration between runs, with expiry on the platform clock', async () => {
    const counting = async ({
      cache,
    }: {
      cache: { get<T>(k: string): Promise<T | undefined>; set(k: string, v: unknown, ttl?: number): Promise<void> };
    }) => {
      const n = ((await cache.get<number>('n')) ?? 0) + 1;
      await cache.set('n', n, 60);
      return n;
    };
    admin().create(tid, { name: 'a', handler: counting });
    admin().create(tid, { name: 'b', handler: counting });
    const a = createIntegration('a', { trackingId: tid });
    expect((await a.execute()).result).toBe(1);
    expect((await a.execute()).result).toBe(2);
    expect((await createIntegration('b', { trackingId: tid }).execute()).result).toBe(1);
    expect(inspect().cache(tid, 'a')).toEqual({ n: 2 });
    mock.platform.clock.advance(60_000);
    expect(inspect().cache(tid, 'a')).toEqual({});
    expect((await a.execute()).result).toBe(1);
  });

  it('runs of one integration go one at a time, in order', async () => {
    const order: string[] = [];
    admin().create(tid, {
      name: 'serial',
      handler: async ({ payload }) => {
        order.push(`start ${payload}`);
        await new Promise((resolve) => setTimeout(resolve, payload === 'first' ? 15 : 0));
        order.push(`end ${payload}`);
      },
    });
    const serial = createIntegration('serial', { trackingId: tid });
    // The second is sent while the first runs: it must wait for the first's end.
    const first = serial.execute('first');
    await vi.waitFor(() => expect(order).toEqual(['start first']), { interval: 1 });
    await Promise.all([first, serial.execute('second')]);
    expect(order).toEqual(['start first', 'end first', 'start second', 'end second']);
  });
});

describe('secrets', () => {
  it('reach the handler but are never readable back, and are redacted from logs and errors', async () => {
    admin().create(tid, {
      name: 'mailer',
      secrets: { API_KEY: 'sk-live-12345' },
      handler: ({ secrets, console }) => {
        console.log(`using ${secrets.API_KEY}`);
        if (secrets.API_KEY !== 'sk-live-12345') throw new Error(`rejected key ${secrets.API_KEY}`);
        return { authorised: true };
      },
    });
    const mailer = createIntegration('mailer', { trackingId: tid });
    expect((await mailer.execute()).result).toEqual({ authorised: true });
    expect(admin().get(tid, 'mailer')).toMatchObject({ name: 'mailer', secretNames: ['API_KEY'] });
    expect(inspect().runs()[0].logs).toEqual([{ level: 'log', message: 'using [secret]' }]);

    // Replaced, not read: the handler now sees the new value.
    expect(admin().setSecrets(tid, 'mailer', { API_KEY: 'sk-rotated-999', OTHER: 'o-secret' })).toEqual([
      'API_KEY',
      'OTHER',
    ]);
    const error = await mailer.execute().catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'integration "mailer" execute: status 500: integration "mailer" failed: rejected key [secret]',
    );

    const everythingVisible = JSON.stringify([
      admin().list(),
      admin().list(tid),
      admin().get(tid, 'mailer'),
      inspect().runs(),
      inspect().pending(),
    ]);
    for (const value of ['sk-live-12345', 'sk-rotated-999', 'o-secret']) expect(everythingVisible).not.toContain(value);
    expect(admin().deleteSecret(tid, 'mailer', 'OTHER')).toBe(true);
    expect(admin().get(tid, 'mailer')?.secretNames).toEqual(['API_KEY']);
  });

  it('redacts a secret as written, URL-encoded and JSON-escaped, as the local runner does', async () => {
    const secret = 'p@ss/w"rd\\x';
    admin().create(tid, {
      name: 'leaky',
      secrets: { K: secret },
      handler: ({ secrets, console }) => {
        console.log({ k: secrets.K });
        console.warn(`https://api.example/?k=${encodeURIComponent(secrets.K)}`);
        throw new Error(`refused ${JSON.stringify(secrets.K)}`);
      },
    });
    const error = await createIntegration('leaky', { trackingId: tid })
      .execute()
      .catch((e: Error) => e);
    expect((error as Error).message).toBe(
      'integration "leaky" execute: status 500: integration "leaky" failed: refused "[secret]"',
    );
    expect(inspect().runs()[0].logs).toEqual([
      { level: 'log', message: '{"k":"[secret]"}' },
      { level: 'warn', message: 'https://api.example/?k=[secret]' },
    ]);
  });

  it('the handler gets a frozen copy: it cannot change the stored secrets', async () => {
    admin().create(tid, {
      name: 'tamper',
      secrets: { K: 'v1-secret' },
      handler: ({ secrets }) => {
        try {
          (secrets as Record<string, string>).K = 'changed';
        } catch {
          // frozen
        }
        return secrets.K === 'v1-secret';
      },
    });
    const tamper = createIntegration('tamper', { trackingId: tid });
    expect((await tamper.execute()).result).toBe(true);
    expect((await tamper.execute()).result).toBe(true);
  });
});

describe('registry', () => {
  it('names are unique per property and path-safe; definitions are checked', () => {
    admin().create(tid, { name: 'x', handler: () => 1 });
    expect(() => admin().create(tid, { name: 'x', handler: () => 1 })).toThrow(
      'integrations: integration "x" already exists in property "shop1"',
    );
    expect(admin().create('other', { name: 'x', handler: () => 1 }).trackingId).toBe('other');
    expect(() => admin().create(tid, { name: 'a b', handler: () => 1 })).toThrow('name must match');
    expect(() => admin().create(tid, { name: 'h', handler: 'code' as unknown as () => 1 })).toThrow(
      'handler must be a function',
    );
    expect(() => admin().create(tid, { name: 't', trigger: { every: 'second' } as never, handler: () => 1 })).toThrow(
      'trigger must be',
    );
    expect(() => admin().create(tid, { name: 's', settings: { timeout: 0 }, handler: () => 1 })).toThrow(
      'settings.timeout must be 1..60000 ms',
    );
    expect(() => admin().create(tid, { name: 'k', secrets: { A: 1 as unknown as string }, handler: () => 1 })).toThrow(
      'secrets must be an object of strings',
    );
    expect(
      admin()
        .list(tid)
        .map((i) => i.name),
    ).toEqual(['x']);
    expect(() =>
      admin().create(tid, { name: 'r', settings: { rateLimits: [{ limit: 0, interval: 'week' }] }, handler: () => 1 }),
    ).toThrow('settings.rateLimits[0].limit must be a whole number >= 1');
    expect(() =>
      admin().create(tid, {
        name: 'r',
        settings: { rateLimits: [{ limit: 1, interval: 'fortnight' as never }] },
        handler: () => 1,
      }),
    ).toThrow('settings.rateLimits[0].interval must be');
    expect(() =>
      admin().create(tid, {
        name: 'r',
        settings: { rateLimits: [{ limit: 1, interval: 1000, target: [] }] },
        handler: () => 1,
      }),
    ).toThrow('settings.rateLimits[0].target must be');
  });

  it('shows defaults and settings, and lists per property', () => {
    const info = admin().create(tid, {
      name: 'welcome',
      description: 'Welcome mail',
      settings: { rateLimits: [{ limit: 1, interval: 'week', target: ['email'] }] },
      handler: () => 1,
    });
    expect(info).toEqual({
      trackingId: tid,
      name: 'welcome',
      description: 'Welcome mail',
      trigger: 'HTTP',
      settings: { timeout: 10_000, rateLimits: [{ limit: 1, interval: 'week', target: ['email'] }] },
      secretNames: [],
      createdAt: Date.parse('2026-11-23T10:00:00.000Z'),
    });
    admin().create('other', { name: 'o', handler: () => 1 });
    expect(
      admin()
        .list(tid)
        .map((i) => i.name),
    ).toEqual(['welcome']);
    expect(
      admin()
        .list()
        .map((i) => i.name),
    ).toEqual(['welcome', 'o']);
    expect(admin().get(tid, 'nope')).toBeUndefined();
  });

  it('removing an integration cancels its pending schedules; later calls get 404', async () => {
    admin().create(tid, { name: 'gone', handler: () => 1 });
    const gone = createIntegration('gone', { trackingId: tid });
    await gone.schedule({}, { key: { k: 1 }, delay: 1000 });
    expect(admin().remove(tid, 'gone')).toBe(true);
    expect(inspect().pending()).toEqual([]);
    mock.platform.clock.advance(1000);
    await inspect().idle();
    expect(inspect().runs()).toEqual([]);
    await expect(gone.execute()).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
