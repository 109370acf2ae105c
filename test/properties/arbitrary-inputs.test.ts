// Property-based checks (issue 20): arbitrary arguments to the public client functions, and
// arbitrary requests to the mock's MSW handlers, never produce an uncaught exception (only
// SvcError subclasses), a request to a path outside PROTOCOL.md's routes, or a polluted prototype.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SvcError } from '../../src/core/errors';
import { createExperiencesClient } from '../../src/experiences';
import { createIntegration } from '../../src/integrations';
import { recommendations } from '../../src/recommendations';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';

const mock = useMockPlatform({ now: '2026-11-23T10:00:00.000Z' });

const SEGMENT = '[A-Za-z0-9._~-]{1,128}';
/** PROTOCOL.md's routes, per host: a request anywhere else was built from a guess. */
const ROUTES: Record<string, RegExp> = {
  'recs.svc.example': new RegExp(`^/vc/recommend/2\\.1/${SEGMENT}$`),
  'experiences.svc.example': new RegExp(`^/v1/${SEGMENT}/experiences$`),
  'stash.svc.example': new RegExp(
    `^/stash/v1\\.1/(kv/(set|get)/${SEGMENT}/(public|protected)/[^/]+|kv/getbatch/${SEGMENT}/(public|protected)|(deferkv/(set|get|remove)|ts/(set|get)|count/(incr|decr|get))/${SEGMENT}/public/[^/]+|count/getbatch/${SEGMENT}/public)$`,
  ),
  'events.svc.example': new RegExp(`^/events/v1/${SEGMENT}$`),
  'integrations.svc.example': new RegExp(`^/v1/${SEGMENT}/integrations/${SEGMENT}/(execute|schedule|cancel)$`),
};

/**
 * Values a hostile or careless caller passes: anything, plus the classic traps. (Not a Proxy whose
 * traps throw: the caller's own exception then propagates as it is, which is right.)
 */
const hostile = fc.oneof(
  fc.anything({
    withNullPrototype: true,
    withBigInt: true,
    withMap: true,
    withSet: true,
    withDate: true,
    withTypedArray: true,
    withSparseArray: true,
    withBoxedValues: true,
  }),
  fc.constantFrom(
    '..',
    '.',
    'a/b',
    '%2e%2e',
    '?x=1',
    '#frag',
    '',
    ' ',
    'javascript:alert(1)',
    'shop1',
    'p1',
    'k',
    '__proto__',
    'constructor',
    Number.NaN,
    Infinity,
    -0,
    2 ** 53,
    1e21,
    null,
    undefined,
    true,
    JSON.parse('{"__proto__":{"polluted":1}}'),
    JSON.parse('{"constructor":{"prototype":{"polluted":1}}}'),
    Object.create(null),
    Object.assign(Object.create(null), { trackingId: 'shop1' }),
  ),
);
const args = fc.array(hostile, { maxLength: 4 });

/** Calls `run`; any failure must be an SvcError. Resolves when it settled. */
async function onlySvcErrors(run: () => unknown): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof SvcError)) throw new Error(`not an SvcError: ${String((error as Error)?.stack ?? error)}`);
  }
}

/** Every request sent so far went to a documented route; no prototype was polluted. */
async function checkAfterwards(): Promise<void> {
  for (const request of await mock.sent()) {
    const route = ROUTES[request.url.hostname];
    expect([request.url.hostname, route?.test(request.url.pathname)]).toEqual([request.url.hostname, true]);
  }
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

/** Each function-valued property of `client`, called with arbitrary arguments. */
async function callEvery(client: unknown, argLists: unknown[][]): Promise<void> {
  if (typeof client !== 'object' || client === null) return;
  const methods = Object.keys(client).filter((name) => typeof (client as Record<string, unknown>)[name] === 'function');
  for (const [i, name] of methods.entries()) {
    const list = argLists[i % argLists.length] ?? [];
    await onlySvcErrors(() => (client as Record<string, (...a: unknown[]) => unknown>)[name](...list));
  }
}

const RUNS = { numRuns: 150 };

describe('public client functions: arbitrary arguments', () => {
  it('recommendations(options, config).get / shown / clicked', async () => {
    mock.platform.admin.createProperty('shop1');
    await fc.assert(
      fc.asyncProperty(
        hostile,
        hostile,
        fc.array(args, { minLength: 3, maxLength: 3 }),
        async (options, config, lists) => {
          let client: unknown;
          await onlySvcErrors(() => (client = recommendations(options as never, config as never)));
          await callEvery(client, lists);
          await checkAfterwards();
        },
      ),
      RUNS,
    );
  });

  it('createStash(opType, trackingId, options) and every method', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom('kv', 'deferkv', 'ts', 'count'), hostile),
        hostile,
        hostile,
        fc.array(args, { minLength: 4, maxLength: 4 }),
        async (op, tid, options, lists) => {
          let client: unknown;
          await onlySvcErrors(() => (client = createStash(op as never, tid as never, options as never)));
          await callEvery(client, lists);
          await checkAfterwards();
        },
      ),
      RUNS,
    );
  });

  it('createExperiencesClient(options).getExperiences / seen', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, fc.array(args, { minLength: 2, maxLength: 2 }), async (options, lists) => {
        let client: unknown;
        await onlySvcErrors(() => (client = createExperiencesClient(options as never)));
        await callEvery(client, lists);
        await checkAfterwards();
      }),
      RUNS,
    );
  });

  it('createIntegration(name, options).execute / schedule / cancel', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostile,
        hostile,
        fc.array(args, { minLength: 3, maxLength: 3 }),
        async (name, options, lists) => {
          let client: unknown;
          await onlySvcErrors(() => (client = createIntegration(name as never, options as never)));
          await callEvery(client, lists);
          await checkAfterwards();
        },
      ),
      RUNS,
    );
  });
});

describe("the mock's request parsing: arbitrary requests to the MSW handlers", () => {
  const host = fc.constantFrom(...Object.keys(ROUTES));
  const piece = fc.oneof(
    fc.constantFrom(
      'v1',
      'vc',
      'recommend',
      '2.1',
      'stash',
      'v1.1',
      'kv',
      'deferkv',
      'ts',
      'count',
      'get',
      'set',
      'getbatch',
      'remove',
      'incr',
      'decr',
      'public',
      'protected',
      'events',
      'experiences',
      'integrations',
      'execute',
      'schedule',
      'cancel',
      'shop1',
      '__proto__',
      'constructor',
      'prototype',
      '%ZZ',
      '%2F',
      '..',
      '.',
      'a:b:c:d',
    ),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );
  const path = fc.array(piece, { minLength: 1, maxLength: 7 }).map((parts) => '/' + parts.join('/'));
  const query = fc.array(
    fc.tuple(
      fc.constantFrom(
        'strategy',
        'n',
        'seed',
        'locale',
        'debug',
        'timestamp',
        'contextId',
        'experienceIds',
        'encoding',
        '__proto__',
      ),
      fc.string({ maxLength: 10 }),
    ),
    { maxLength: 4 },
  );
  const body = fc.oneof(
    fc.constant(undefined),
    fc.string({ maxLength: 40 }),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    fc.constantFrom(
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '{"keys":["__proto__"]}',
      '{"h":["all"],"rules":[{"condition":{"__proto__":1},"factor":1}]}',
      '{',
      'null',
    ),
  );
  const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH');

  it('answers every request without an unhandled exception (no 500) and pollutes nothing', async () => {
    mock.platform.admin.createProperty('shop1');
    await fc.assert(
      fc.asyncProperty(method, host, path, query, body, async (verb, hostname, pathname, params, payload) => {
        const url = new URL(`https://${hostname}${pathname}`);
        for (const [k, v] of params) url.searchParams.append(k, v);
        let response: Response | undefined;
        try {
          response = await fetch(url, { method: verb, body: verb === 'GET' ? undefined : payload });
        } catch (error) {
          // Only MSW's refusal of an unhandled request (no route at all on a known host) may reject.
          expect(String(error)).toMatch(/unhandled|Failed to fetch|fetch failed/i);
        }
        if (response) expect([url.href, response.status]).not.toEqual([url.href, 500]);
        expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
