// Server experiences: the GET and the callback POST that the public client builds, held to the
// seed's endpoint and query tables, and the mock's answers to the platform reference's response tables.
import { describe, expect, it } from 'vitest';
import { createExperiencesClient } from '../../src/experiences';
import { useMockPlatform } from '../support/mock-server';
import { platform, protocol } from './cite';
import { type Exchange, recordExchanges } from './wire';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });
const wire = recordExchanges(mock);
const EXPERIENCES = 'https://experiences.svc.example/v1';
const TID = 'shop1';

/** Two experiences of the property: a hero test (control and offer) and an archived one. */
function experiences() {
  const hero = mock.platform.admin.experiences.create(TID, {
    name: 'Hero',
    variations: [
      { name: 'Control', isControl: true, weight: 1 },
      { name: 'Offer', weight: 1, payload: { headline: 'Autumn sale' } },
    ],
  });
  const old = mock.platform.admin.experiences.create(TID, { name: 'Old', variations: [{ name: 'Only', payload: {} }] });
  mock.platform.admin.experiences.archive(TID, old.id);
  return { hero, old };
}

async function exchanges(call: Promise<unknown>): Promise<Exchange[]> {
  await call.catch(() => undefined);
  return wire.take();
}

/** The platform reference's response table: experiencePayloads of {payload, isControl, id, callback, variation}, contextId, cookieDomains. */
function expectExperiencesAnswer(exchange: Exchange) {
  expect(exchange.status).toBe(200);
  const answer = exchange.answer as { experiencePayloads: unknown[]; contextId: unknown; cookieDomains: unknown[] };
  expect(Object.keys(answer).sort()).toEqual(['contextId', 'cookieDomains', 'experiencePayloads']);
  expect(answer.contextId).toEqual(expect.any(String));
  for (const domain of answer.cookieDomains) expect(domain).toEqual(expect.any(String));
  for (const payload of answer.experiencePayloads) {
    expect(payload).toEqual({
      payload: expect.any(Object),
      isControl: expect.any(Boolean),
      id: expect.any(Number),
      callback: expect.stringMatching(/^https:\/\/experiences\.svc\.example\/v1\/callback\?data=/),
      variation: expect.any(Number),
    });
    expect(Number.isInteger((payload as { id: number }).id)).toBe(true);
  }
  return answer as { experiencePayloads: { id: number; callback: string; variation: number }[]; contextId: string };
}

describe('server experiences: the GET', () => {
  it(platform('| GET | `{experiences_url}/v1/<tracking_id>/experiences` | the query below |'), async () => {
    experiences();
    const [exchange] = await exchanges(
      createExperiencesClient({ trackingId: TID }).getExperiences({ contextId: 'visitor-1' }),
    );
    expect(exchange.method).toBe('GET');
    expect(exchange.path).toBe(`${EXPERIENCES}/${TID}/experiences`);
    expect(exchange.body).toBeUndefined();
    const answer = expectExperiencesAnswer(exchange);
    expect(answer.contextId).toBe('visitor-1');
    expect(answer.experiencePayloads).toHaveLength(1);
  });

  it(platform('| contextId | visitor id | no | the `_svcTracker` cookie'), async () => {
    experiences();
    const client = createExperiencesClient({ trackingId: TID });
    const [named] = await exchanges(client.getExperiences({ contextId: 'visitor-1' }));
    expect(named.query).toEqual(['contextId=visitor-1']);
    // "If omitted, one is generated and returned"
    const [generated] = await exchanges(client.getExperiences());
    expect(generated.query).toEqual([]);
    expect(expectExperiencesAnswer(generated).contextId).toMatch(/^[a-z0-9-]{1,64}$/);
  });

  it(platform('| experienceIds | comma-separated ids | no | only these experiences |'), async () => {
    const { hero } = experiences();
    const [exchange] = await exchanges(
      createExperiencesClient({ trackingId: TID }).getExperiences({ contextId: 'v', experienceIds: [hero.id] }),
    );
    expect(exchange.query).toEqual(['contextId=v', `experienceIds=${hero.id}`]);
    expect(expectExperiencesAnswer(exchange).experiencePayloads.map((p) => p.id)).toEqual([hero.id]);
  });

  it(platform('| preview | flag | no | the latest unpublished iteration'), async () => {
    experiences();
    const [exchange] = await exchanges(
      createExperiencesClient({ trackingId: TID }).getExperiences({
        contextId: 'v',
        preview: true,
        ignoreSegments: true,
      }),
    );
    // Bare flags, as PROTOCOL.md writes them: `&preview`, `&ignoreSegments`.
    expect(protocol('[&preview][&variation=M][&ignoreSegments]')).toBeTruthy();
    expect(exchange.query).toEqual(['contextId=v', 'preview', 'ignoreSegments']);
    expectExperiencesAnswer(exchange);
  });

  it(platform('| variation | integer | no | only the variation with this variation master id |'), async () => {
    const { hero } = experiences();
    const offer = hero.iterations[0].variations[1].id;
    const [exchange] = await exchanges(
      createExperiencesClient({ trackingId: TID }).getExperiences({ contextId: 'v', variation: offer }),
    );
    expect(exchange.query).toEqual(['contextId=v', `variation=${offer}`]);
    expect(expectExperiencesAnswer(exchange).experiencePayloads.map((p) => p.variation)).toEqual([offer]);
  });

  it(platform('| ignoreSegments | flag | no | every experience, whatever its segment rules |'), async () => {
    experiences();
    const [exchange] = await exchanges(
      createExperiencesClient({ trackingId: TID }).getExperiences({ contextId: 'v', ignoreSegments: true }),
    );
    expect(exchange.query).toEqual(['contextId=v', 'ignoreSegments']);
  });
});

describe('server experiences: errors and the callback', () => {
  it(platform('| an id of `experienceIds` that is archived | 404 |'), async () => {
    const { old } = experiences();
    const [exchange] = await exchanges(
      createExperiencesClient({ trackingId: TID }).getExperiences({ contextId: 'v', experienceIds: [old.id] }),
    );
    expect(exchange.status).toBe(404);
    expect(exchange.answer).toEqual({ status: 404, message: `experience ${old.id} not found` });
  });

  it(platform('| an id of `experienceIds` that does not exist | 404 |'), async () => {
    experiences();
    const [exchange] = await exchanges(
      createExperiencesClient({ trackingId: TID }).getExperiences({ contextId: 'v', experienceIds: [999] }),
    );
    expect(exchange.status).toBe(404);
  });

  it(platform("| POST | an experience's `callback` URL, used exactly as received"), async () => {
    experiences();
    const client = createExperiencesClient({ trackingId: TID });
    const { experiencePayloads } = await client.getExperiences({ contextId: 'visitor-1' });
    await wire.take();
    const [exchange] = await exchanges(client.seen(experiencePayloads[0], 'visitor-1'));
    // "use it exactly as received"
    expect(`${exchange.path}?${exchange.query.join('&')}`).toBe(decodeURIComponent(experiencePayloads[0].callback));
    expect(exchange.method).toBe('POST');
    expect(exchange.body).toEqual({ id: 'visitor-1' }); // "JSON object with field `id` holding the device id"
    expect(exchange.status).toBe(200); // "Status 200 in all cases"
  });

  it(platform('| the callback POST | 200 always |'), async () => {
    const response = await fetch(`${EXPERIENCES}/callback?data=not-base64-json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'v' }),
    });
    expect(response.status).toBe(200);
  });
});
