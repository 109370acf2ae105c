// Recommendations: each request the public client builds, held to the platform reference's tables (PROTOCOL.md
// where the platform reference leaves it open), then the mock's answer held to the platform reference's response table.
import { describe, expect, it } from 'vitest';
import { recommendations } from '../../src/recommendations';
import { useMockPlatform } from '../support/mock-server';
import { platform, protocol } from './cite';
import { type Exchange, recordExchanges } from './wire';

const mock = useMockPlatform({ fixtures: true, now: '2026-11-21T10:00:00Z' });
const wire = recordExchanges(mock);
const RECS = 'https://recs.svc.example/vc/recommend/2.1';
const TID = 'demo_shop';
const options = { meta: { trackingId: TID, visitorId: 'visitor-1', experienceId: 7 } };

/** The one exchange of a call, after it settled either way. */
async function only(call: Promise<unknown>): Promise<Exchange> {
  await call.catch(() => undefined);
  const exchanges = await wire.take();
  expect(exchanges).toHaveLength(1);
  return exchanges[0];
}

/** The platform reference's response table: status, result.items of {id, weight, details}; segment a string if present. */
function expectRecommendationAnswer(exchange: Exchange, minItems = 1) {
  expect(exchange.status).toBe(200);
  const answer = exchange.answer as { status: number; result: { items: unknown[] }; segment?: unknown };
  expect(answer.status).toBe(200);
  expect(answer.result.items.length).toBeGreaterThanOrEqual(minItems);
  for (const item of answer.result.items)
    expect(item).toMatchObject({ id: expect.any(String), weight: expect.any(Number), details: expect.any(Object) });
  if ('segment' in answer) expect(answer.segment).toEqual(expect.any(String));
  return answer;
}

describe('recommendations: the request', () => {
  it(platform('| POST | `{recs_url}/vc/recommend/2.1/<tracking_id>` plus the query below | JSON body'), async () => {
    const exchange = await only(recommendations(options).get());
    expect(exchange.method).toBe('POST');
    expect(exchange.path).toBe(`${RECS}/${TID}`);
    expect(exchange.contentType).toMatch(/^application\/json/);
    expectRecommendationAnswer(exchange);
  });

  it(platform('| strategy | a strategy name, or several comma-separated |'), async () => {
    const exchange = await only(recommendations(options).get());
    // PROTOCOL.md: the client always sends a strategy, `popular` by default (the platform reference's native default).
    expect(exchange.query).toContain('strategy=popular');
    expect(protocol('`strategy` is always sent by the client (default `popular`)')).toBeTruthy();
  });

  it(platform('| n | integer | no | 10 | how many recommendations; at most 50 |'), async () => {
    expect((await only(recommendations(options).get())).query).toContain('n=10');
    const five = await only(recommendations(options, { limit: 5 }).get());
    expect(five.query).toContain('n=5');
    expect((five.answer as { result: { items: unknown[] } }).result.items.length).toBeLessThanOrEqual(5);
  });

  it(platform('| contextId | visitor id | for `partner_` strategies | none |'), async () => {
    expect((await only(recommendations(options).get())).query).toContain('contextId=visitor-1');
  });

  it(platform('| experienceId | string or integer | no | none |'), async () => {
    expect((await only(recommendations(options).get())).query).toContain('experienceId=7');
  });

  it(platform('| locale | language-currency pair |'), async () => {
    // PROTOCOL.md: `<language>-<CURRENCY>`, the language a primary subtag (`de-DE-EUR` is sent as `de-EUR`).
    expect(protocol('`locale`: `<language>-<CURRENCY>`')).toBeTruthy();
    const exchange = await only(recommendations(options, { locale: 'de-DE-EUR' }).get());
    expect(exchange.query).toContain('locale=de-EUR');
    expectRecommendationAnswer(exchange);
  });

  it(platform('| h | array | no | the seed (history) to recommend for |'), async () => {
    const all = await only(recommendations(options).get());
    expect(all.body).toEqual({ h: ['all'] }); // the client module's default seed `all`; no empty rules
    const items = (all.answer as { result: { items: { id: string }[] } }).result.items;
    const byId = await only(
      recommendations(options, { strategy: 'engagement', seed: [items[0].id, items[1].id] }).get(),
    );
    expect(byId.query).toContain('strategy=engagement');
    expect(byId.body).toEqual({ h: [items[0].id, items[1].id] });
    expectRecommendationAnswer(byId);
  });

  it(platform("| a category object `{type: 'c', id}` (`c` lower-case)"), async () => {
    const all = await only(recommendations(options).get());
    const category = (all.answer as { result: { items: { details: { category: string } }[] } }).result.items[0].details
      .category;
    const exchange = await only(recommendations(options, { seed: { type: 'c', id: category } }).get());
    expect(exchange.body).toEqual({ h: [{ type: 'c', id: category }] });
    expectRecommendationAnswer(exchange);
  });

  it(platform('| seed | product id | no | none | the seed, when the query names a strategy list |'), async () => {
    const all = await only(recommendations(options).get());
    const id = (all.answer as { result: { items: { id: string }[] } }).result.items[0].id;
    const exchange = await only(recommendations(options, { strategy: ['pllr', 'pllr_bought'], seed: id }).get());
    expect(exchange.query).toContain('strategy=pllr,pllr_bought');
    expect(exchange.query).toContain(`seed=${id}`);
    expect(exchange.body).toEqual({ h: [id] });
  });

  it(platform('| rules | array of rules | no | filters for this request only |'), async () => {
    const rule = { name: 'no clearance', condition: { '==': [{ var: 'rec.is_clearance' }, true] }, factor: 0 };
    const exchange = await only(recommendations(options, { rules: [rule] }).get());
    expect(exchange.body).toEqual({ h: ['all'], rules: [rule] });
    expect(platform('| condition | JsonLogic expression |')).toBeTruthy();
    expectRecommendationAnswer(exchange);
  });

  it(platform('| debug | the flag value `True` | no | off |'), async () => {
    const exchange = await only(recommendations(options, { debug: true }).get());
    expect(exchange.query).toContain('debug=True');
    // PROTOCOL.md: with debug, the answer includes the rules considered.
    expect((exchange.answer as { result: { rules?: unknown } }).result.rules).toEqual(expect.any(Array));
  });

  it('the query holds nothing the platform reference does not name', async () => {
    const exchange = await only(recommendations(options, { debug: true }).get());
    const named = ['strategy', 'n', 'locale', 'contextId', 'experienceId', 'seed', 'debug'];
    for (const part of exchange.query) expect(named).toContain(part.split('=')[0]);
  });
});

describe('recommendations: the answers', () => {
  it(platform('| id | string |'), async () => {
    expectRecommendationAnswer(await only(recommendations(options).get()));
  });

  it(platform('| unknown strategy or unknown tracking id | 200 | an empty `items` list |'), async () => {
    const unknownProperty = await only(recommendations({ meta: { trackingId: 'no_such_shop' } }).get());
    expect(unknownProperty.status).toBe(200);
    expect(unknownProperty.answer).toEqual({ status: 200, result: { items: [] } });
  });

  it(platform('| no tracking id, so the path is unknown | 404 |'), async () => {
    const response = await fetch(`${RECS}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 404, message: expect.stringMatching(/not found/i) });
  });

  it(platform('| a partner-style request without `strategy` | 400 |'), async () => {
    const response = await fetch(`${RECS}/${TID}?contextId=visitor-1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 400,
      message: expect.stringContaining('parameter strategy has an invalid value'),
    });
  });
});
