// @vitest-environment happy-dom
// Issue 33, point 7: getExperiences refuses a contextId that seen and contextCookie would refuse,
// with the same typed INVALID_ARGUMENT and before any request; whatever it resolves, they accept.
import { afterEach, describe, expect, it } from 'vitest';
import { contextCookie, createExperiencesClient, InvalidArgumentError } from '../../src/experiences';
import { failure } from '../support/failure';
import { useMockPlatform } from '../support/mock-server';

const mock = useMockPlatform({ now: '2026-11-21T12:00:00Z' });
const client = () => createExperiencesClient({ trackingId: 'shop' });
const PAYLOAD = {
  payload: {},
  isControl: false,
  id: 1,
  callback: 'https://experiences.svc.example/v1/callback?data=e30',
  variation: 11,
};

afterEach(() => {
  document.cookie = '_svcTracker=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

/** The INVALID_ARGUMENT `run` throws or rejects with, naming `argument`. */
async function refusal(run: () => unknown, argument: string) {
  const error = await failure(Promise.resolve().then(run));
  expect(error).toBeInstanceOf(InvalidArgumentError);
  expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', argument });
  return error as InvalidArgumentError;
}

const BAD: [string, unknown][] = [
  ['300 characters', 'x'.repeat(300)],
  ['empty', ''],
  ['an unpaired surrogate', 'visitor-\uD800'],
  ['a number', 42],
];

describe('one rule for getExperiences, seen and contextCookie', () => {
  it.each(BAD)('%s: all three refuse it, naming their argument, and nothing is sent', async (_name, id) => {
    await refusal(() => client().getExperiences({ contextId: id as string }), 'contextId');
    await refusal(() => client().seen(PAYLOAD, id as string), 'deviceId');
    await refusal(() => contextCookie(id as string, ['.shop.example'], 'www.shop.example'), 'contextId');
    expect(await mock.sent()).toEqual([]);
  });

  it.each([
    ['256 characters', 'y'.repeat(256)],
    ['any characters', 'user 7; ü ☃'],
  ])('%s: all three accept it', async (_name, id) => {
    await expect(client().getExperiences({ contextId: id })).resolves.toMatchObject({ contextId: id });
    await expect(client().seen(PAYLOAD, id)).resolves.toMatchObject({ ok: true });
    expect(contextCookie(id, ['.shop.example'], 'www.shop.example')).toMatch(/^_svcTracker=/);
  });

  it('a 300-character _svcTracker cookie is refused before any request, naming contextId and the cookie', async () => {
    document.cookie = `_svcTracker=${'z'.repeat(300)}; path=/`;
    const error = await refusal(() => client().getExperiences(), 'contextId');
    expect(error.message).toContain('_svcTracker cookie');
    expect(await mock.sent()).toEqual([]);
  });

  it('an answer whose contextId seen would refuse is a PROTOCOL error, not a result', async () => {
    mock.platform.faults.set('experiences', {
      raw: JSON.stringify({ experiencePayloads: [], contextId: 'w'.repeat(300), cookieDomains: [] }),
    });
    await expect(client().getExperiences({ contextId: 'v-1' })).rejects.toMatchObject({ code: 'PROTOCOL' });
  });
});
