// Integrations: the platform reference names `execute(payload, {key})` and `schedule(payload, {key, delay, window})`
// and leaves the HTTP interface "not shown"; PROTOCOL.md's "Integrations" fixes it. Each request of
// the public client is held to both, and the mock's answer to PROTOCOL.md.
import { describe, expect, it } from 'vitest';
import { createIntegration } from '../../src/integrations';
import { useMockPlatform } from '../support/mock-server';
import { platform, protocol } from './cite';
import { type Exchange, recordExchanges } from './wire';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' }); // a Saturday
const wire = recordExchanges(mock);
const TID = 'shop1';
const BASE = `https://integrations.svc.example/v1/${TID}/integrations/remind`;

function integration() {
  mock.platform.admin.integrations.create(TID, {
    name: 'remind',
    settings: { rateLimits: [{ limit: 1, interval: 'week', target: ['email'] }] },
    handler: ({ payload }) => ({ got: payload }),
  });
  return createIntegration('remind', { trackingId: TID });
}

async function only(call: Promise<unknown>): Promise<Exchange> {
  await call.catch(() => undefined);
  const exchanges = await wire.take();
  expect(exchanges).toHaveLength(1);
  return exchanges[0];
}

const request = ({ method, path, query, body }: Exchange) => ({ method, path, query, body });

describe('integrations', () => {
  it(platform('| `integration.execute(payload, {key})` | now | a promise |'), async () => {
    expect(
      protocol('POST {integrations}/v1/{tid}/integrations/{name}/execute    {"payload":{},"key":{}}'),
    ).toBeTruthy();
    const exchange = await only(integration().execute({ to: 'ann' }, { key: { email: 'a1' } }));
    expect(request(exchange)).toEqual({
      method: 'POST',
      path: `${BASE}/execute`,
      query: [],
      body: { payload: { to: 'ann' }, key: { email: 'a1' } },
    });
    expect(exchange.contentType).toMatch(/^application\/json/);
    expect(exchange.answer).toEqual({ status: 200, executionId: expect.any(String), result: { got: { to: 'ann' } } });
  });

  it(
    platform(
      '| rate limit | `limit` (a count) per `interval`, for the whole integration or per combination of `key` values |',
    ),
    async () => {
      const client = integration();
      await only(client.execute({}, { key: { email: 'a1' } }));
      const limited = await only(client.execute({}, { key: { email: 'a1' } }));
      // PROTOCOL.md: `{"status":429,"retryAt":"<ISO>"}`.
      expect(protocol('{"status":429,"retryAt":"<ISO>"}')).toBeTruthy();
      expect(limited.answer).toEqual({ status: 429, retryAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) });
    },
  );

  it(platform('| `integration.schedule(payload, {key, delay, window})` | later'), async () => {
    expect(protocol('POST {integrations}/v1/{tid}/integrations/{name}/schedule')).toBeTruthy();
    const window = { day: 'mon-fri', time: '09:00-17:00' };
    const exchange = await only(integration().schedule({ c: 1 }, { key: { email: 'a1' }, delay: 60_000, window }));
    expect(request(exchange)).toEqual({
      method: 'POST',
      path: `${BASE}/schedule`,
      query: [],
      body: { payload: { c: 1 }, key: { email: 'a1' }, delay: 60_000, window },
    });
    // "All times are UTC": Saturday 10:00 plus a minute, inside Monday to Friday 09:00-17:00.
    expect(exchange.answer).toEqual({
      status: 200,
      executionId: expect.any(String),
      runAt: '2026-11-23T09:00:00.000Z',
    });
  });

  it(platform('| key | named values that identify an invocation (to cancel or reschedule it)'), async () => {
    expect(protocol('POST {integrations}/v1/{tid}/integrations/{name}/cancel     {"key":{}}')).toBeTruthy();
    const client = integration();
    await only(client.schedule({}, { key: { email: 'a1' }, delay: 60_000 }));
    const exchange = await only(client.cancel({ email: 'a1' }));
    expect(request(exchange)).toEqual({
      method: 'POST',
      path: `${BASE}/cancel`,
      query: [],
      body: { key: { email: 'a1' } },
    });
    expect(exchange.answer).toEqual({ status: 200, cancelled: 1 });
  });

  it(
    protocol(
      '-> {"status":200,"executionId":"...","result":<handler\'s return>} | {"status":429,"retryAt":"<ISO>"} | {"status":404}',
    ),
    async () => {
      const exchange = await only(createIntegration('nothing', { trackingId: TID }).execute({}));
      expect(exchange.answer).toMatchObject({ status: 404 });
    },
  );
});
