import { describe, expect, it } from 'vitest';
import { useMockPlatform } from '../support/mock-server';

// The integrations routes as a client other than ours sees them: raw requests and the exact
// answers (status, body, headers) for what PROTOCOL.md states and for what it leaves open.
const mock = useMockPlatform({ now: '2026-11-23T10:00:00.000Z' }); // a monday
const base = 'https://integrations.svc.example/v1';

function setup() {
  const admin = mock.platform.admin.integrations;
  admin.create('shop1', { name: 'echo', handler: ({ payload }) => ({ got: payload }) });
  admin.create('shop1', {
    name: 'once',
    settings: { rateLimits: [{ limit: 1, interval: 'hour' }] },
    handler: () => 'ok',
  });
}

async function send(path: string, body?: string, method = 'POST') {
  const response = await fetch(`${base}/${path}`, {
    method,
    body,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

describe('paths', () => {
  it('decodes percent-encoded segments', async () => {
    setup();
    expect(await send('shop%31/integrations/e%63ho/execute', '{"payload":1}')).toMatchObject({
      status: 200,
      body: { status: 200, executionId: 'ex-1', result: { got: 1 } },
    });
  });

  it.each(['shop1/integrations/%E0%A4%A/execute', '%ZZ/integrations/echo/schedule', 'shop1/integrations/%/cancel'])(
    'a malformed percent-escape (%s) names no integration: 404 {"status":404}, not an exception',
    async (path) => {
      setup();
      expect(await send(path, '{"key":{"a":1}}')).toMatchObject({ status: 404, body: { status: 404 } });
      expect(mock.platform.inspect.integrations.runs()).toEqual([]);
    },
  );

  it.each([
    'shop1/integrations/a%2Fb/execute',
    'shop1/integrations/echo/execute/',
    'shop1/integrations/echo/run',
    'shop1/integrations//execute',
  ])('no route: %s', async (path) => {
    setup();
    const answer = await send(path, '{}');
    expect(answer.status).toBe(404);
    expect((answer.body as { status: number }).status).toBe(404);
    expect(mock.platform.inspect.integrations.runs()).toEqual([]);
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('%s on a route: 405 with Allow: POST, nothing run', async (method) => {
    setup();
    const answer = await send('shop1/integrations/echo/execute', method === 'GET' ? undefined : '{}', method);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(answer.body).toEqual({ status: 405, message: 'The method is not allowed for the requested URL.' });
    expect(mock.platform.inspect.integrations.runs()).toEqual([]);
  });

  it('HEAD on a route: 405 with Allow: POST and no body', async () => {
    setup();
    const response = await fetch(`${base}/shop1/integrations/echo/execute`, { method: 'HEAD' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.text()).toBe('');
  });
});

describe('bodies', () => {
  it('429 carries retryAt in the body and Retry-After in seconds', async () => {
    setup();
    await send('shop1/integrations/once/execute', '{}');
    mock.platform.clock.advance(600_000);
    const refused = await send('shop1/integrations/once/execute', '{}');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ status: 429, retryAt: '2026-11-23T11:00:00.000Z' });
    expect(refused.headers.get('retry-after')).toBe('3000');
  });

  it.each([
    ['{"delay":null}', 'delay must be a whole number of milliseconds >= 0'],
    ['{"delay":9007199254740991}', 'delay must put runAt at or before 9999-12-31T23:59:59.999Z'],
    ['{"delay":1e15}', 'delay must put runAt at or before 9999-12-31T23:59:59.999Z'],
    [
      JSON.stringify({
        delay: Date.parse('9999-12-31T23:00:00.000Z') - Date.parse('2026-11-23T10:00:00.000Z'),
        window: { time: '00:00-01:00' },
      }),
      'delay must put runAt at or before 9999-12-31T23:59:59.999Z',
    ],
  ])('schedule %s: 400, nothing pending', async (body, message) => {
    setup();
    expect(await send('shop1/integrations/echo/schedule', body)).toMatchObject({
      status: 400,
      body: { status: 400, message },
    });
    expect(mock.platform.inspect.integrations.pending()).toEqual([]);
  });

  it('the furthest runAt an ISO 8601 date of four year digits can say is accepted', async () => {
    setup();
    const delay = Date.parse('9999-12-31T23:59:59.999Z') - Date.parse('2026-11-23T10:00:00.000Z');
    expect((await send('shop1/integrations/echo/schedule', JSON.stringify({ delay }))).body).toEqual({
      status: 200,
      executionId: 'ex-1',
      runAt: '9999-12-31T23:59:59.999Z',
    });
  });

  it('keys and payloads keep __proto__ as data and unicode as sent', async () => {
    setup();
    const answer = await send(
      'shop1/integrations/echo/execute',
      '{"payload":{"__proto__":{"polluted":1},"s":"héllo 🎉"},"key":{"__proto__":"a","é":"ü"}}',
    );
    expect(answer.body).toEqual({
      status: 200,
      executionId: 'ex-1',
      result: JSON.parse('{"got":{"__proto__":{"polluted":1},"s":"héllo 🎉"}}'),
    });
    const [run] = mock.platform.inspect.integrations.runs();
    expect(Object.keys(run.key)).toEqual(['__proto__', 'é']);
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
  });
});
