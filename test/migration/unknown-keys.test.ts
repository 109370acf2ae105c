// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/core/errors';
import { setPageTracker } from '../../src/core/tracker-slot';
import { createExperiencesClient } from '../../src/experiences';
import { createIntegration } from '../../src/integrations';
import { recommendations } from '../../src/recommendations';
import { createStash } from '../../src/stash';
import { createTracker, type Tracker } from '../../src/tracker';
import { useMockPlatform } from '../support/mock-server';

// Every client refuses option and config keys it does not know: INVALID_ARGUMENT naming the key,
// before any request; a close key is suggested, and the previous client's names point to ours.
const mock = useMockPlatform();
const started: Tracker[] = [];
afterEach(() => {
  for (const tracker of started.splice(0)) tracker.stop();
  setPageTracker(undefined);
});

/** The refusal of `call` (thrown or rejected): argument and message. */
async function refusal(call: () => unknown): Promise<{ argument: string; message: string }> {
  let error: unknown;
  try {
    await call();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(InvalidArgumentError);
  const { argument, message, code } = error as InvalidArgumentError;
  expect(code).toBe('INVALID_ARGUMENT');
  return { argument, message };
}

const meta = { trackingId: 'shop1' };

describe('recommendations', () => {
  it.each<[string, () => unknown, string, string]>([
    [
      'a typo in the initial config',
      () => recommendations({ meta }, { limt: 4 } as object),
      'config.limt',
      'did you mean `limit`?',
    ],
    [
      'a typo in get()',
      () => recommendations({ meta }).get({ stratgey: 'new' } as object),
      'config.stratgey',
      'did you mean `strategy`?',
    ],
    [
      "the previous client's url",
      () => recommendations({ meta }, { url: 'https://recs.example/' } as object),
      'config.url',
      "the previous client's name: use `endpoint`",
    ],
    [
      "the previous client's defaultCurrency",
      () => recommendations({ meta }, { defaultCurrency: 'EUR' } as object),
      'config.defaultCurrency',
      'use `defaultLocale`',
    ],
    [
      "the previous client's defaultLanguage in get()",
      () => recommendations({ meta }).get({ defaultLanguage: 'en-gb' } as object),
      'config.defaultLanguage',
      'use `defaultLocale`',
    ],
    [
      'an unknown key far from any',
      () => recommendations({ meta }, { colour: 'red' } as object),
      'config.colour',
      'is not an option (options: strategy, limit',
    ],
    [
      "the previous client's options.uv",
      () => recommendations({ meta, uv: {} } as never),
      'options.uv',
      'use `tracker`',
    ],
    [
      'a typo in options',
      () => recommendations({ meta, emitMetrics: () => {} } as never),
      'options.emitMetrics',
      'did you mean `emitMetric`?',
    ],
    [
      'a typo in options.meta',
      () => recommendations({ meta: { trackingId: 'shop1', experinceId: 3 } } as never),
      'options.meta.experinceId',
      'did you mean `experienceId`?',
    ],
    [
      'an unknown key of a rule',
      () => recommendations({ meta }).get({ rules: [{ condition: { '==': [1, 1] }, factor: 0, facotr: 2 } as never] }),
      'rules[0].facotr',
      'did you mean `factor`?',
    ],
  ])('%s', async (_name, call, argument, message) => {
    const refused = await refusal(call);
    expect(refused.argument).toBe(argument);
    expect(refused.message).toContain(message);
    expect(await mock.sent()).toEqual([]);
  });

  it('accepts every documented key, iterationId and variationId of meta included', async () => {
    mock.platform.admin.recommend.loadFeed('shop1', [{ id: 'p1', locales: { 'en-GBP': { name: 'P' } } }]);
    const client = recommendations(
      {
        meta: { trackingId: 'shop1', visitorId: 'v', experienceId: 1, iterationId: 2, variationId: 3 },
        emitMetric: () => {},
        tracker: undefined,
      },
      {
        strategy: 'new',
        limit: 1,
        seed: 'all',
        rules: [],
        timeout: 0,
        trackingId: 'shop1',
        visitorId: 'v',
        locale: 'en-GBP',
        defaultLocale: 'en-GBP',
        debug: false,
      },
    );
    expect(await client.get({ endpoint: 'https://recs.svc.example/vc/recommend/2.1' })).toHaveLength(1);
  });
});

describe('stash', () => {
  it.each<[string, () => unknown, string, string]>([
    [
      'a typo',
      () => createStash('kv', 'shop1', { namepsace: 'app' } as object),
      'options.namepsace',
      'did you mean `namespace`?',
    ],
    [
      'url',
      () => createStash('kv', 'shop1', { url: 'https://stash.example' } as object),
      'options.url',
      'use `endpoint`',
    ],
    ['an unknown key', () => createStash('count', 'shop1', { ttl: 60 } as object), 'options.ttl', 'is not an option'],
  ])('%s', async (_name, call, argument, message) => {
    const refused = await refusal(call);
    expect(refused).toEqual({ argument, message: expect.stringContaining(message) });
  });
});

describe('tracker', () => {
  it.each<[string, object, string, string]>([
    ['a typo', { batchsize: 5 }, 'options.batchsize', 'did you mean `batchSize`?'],
    ['url', { url: 'https://events.example' }, 'options.url', 'use `endpoint`'],
    ['an unknown key', { debug: true }, 'options.debug', 'is not an option'],
  ])('%s', async (_name, extra, argument, message) => {
    const refused = await refusal(() =>
      started.push(createTracker({ trackingId: 'shop1', consent: 'denied', ...extra } as never)),
    );
    expect(refused).toEqual({ argument, message: expect.stringContaining(message) });
    expect(started).toEqual([]);
  });
});

describe('experiences', () => {
  it.each<[string, () => unknown, string, string]>([
    [
      'a typo of the client',
      () => createExperiencesClient({ trackingId: 'shop1', timout: 5 } as never),
      'options.timout',
      'did you mean `timeout`?',
    ],
    [
      'url',
      () => createExperiencesClient({ trackingId: 'shop1', url: 'https://x.example' } as never),
      'options.url',
      'use `endpoint`',
    ],
    [
      'a typo of getExperiences',
      () => createExperiencesClient({ trackingId: 'shop1' }).getExperiences({ experienceId: [1] } as never),
      'options.experienceId',
      'did you mean `experienceIds`?',
    ],
  ])('%s', async (_name, call, argument, message) => {
    const refused = await refusal(call);
    expect(refused).toEqual({ argument, message: expect.stringContaining(message) });
    expect(await mock.sent()).toEqual([]);
  });
});

describe('integrations', () => {
  it.each<[string, () => unknown, string, string]>([
    [
      'a typo of the client',
      () => createIntegration('crm', { trackingId: 'shop1', endpiont: 'https://x' } as never),
      'options.endpiont',
      'did you mean `endpoint`?',
    ],
    [
      'url',
      () => createIntegration('crm', { trackingId: 'shop1', url: 'https://x' } as never),
      'options.url',
      'use `endpoint`',
    ],
    [
      'a typo of execute',
      () => createIntegration('crm', { trackingId: 'shop1' }).execute({}, { keys: {} } as never),
      'options.keys',
      'did you mean `key`?',
    ],
    [
      'a typo of schedule',
      () => createIntegration('crm', { trackingId: 'shop1' }).schedule({}, { dealy: 5 } as never),
      'options.dealy',
      'did you mean `delay`?',
    ],
  ])('%s', async (_name, call, argument, message) => {
    const refused = await refusal(call);
    expect(refused).toEqual({ argument, message: expect.stringContaining(message) });
    expect(await mock.sent()).toEqual([]);
  });
});
