// Issue 33, point 12: a namespace's keys and a visitor's keys can never be the same full key. Only
// the visitor part starts with `~` (`[namespace:][~visitorId:]key`), one rule in core for the
// client and the mock's stash.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullKeyProblem, stashKeyPart } from '../../src/core/stash-key';
import { createStash } from '../../src/stash';
import { useMockPlatform } from '../support/mock-server';
import { BASE, refused, requests } from './helpers';

const mock = useMockPlatform({ now: '2026-11-21T10:00:00Z' });

describe('namespaces and visitor ids cannot collide', () => {
  it('{namespace: "admin"} writes config; {useVisitorId, visitorId: "admin"} does not read it', async () => {
    await createStash('kv', 'shop1', { namespace: 'admin' }).set('config', 'secret settings');
    const visitor = createStash('kv', 'shop1', { useVisitorId: true, visitorId: 'admin' });
    await expect(visitor.get('config')).resolves.toBeUndefined();
    await expect(visitor.get(['config'])).resolves.toEqual({});
    expect((await requests(mock)).map((r) => r.url)).toEqual([
      `${BASE}/kv/set/shop1/public/admin:config`,
      `${BASE}/kv/get/shop1/public/~admin:config`,
      `${BASE}/kv/getbatch/shop1/public`,
    ]);
    expect((await requests(mock))[2].json).toEqual({ keys: ['~admin:config'] });
  });

  it('the same for counters: a namespace’s counter is not a visitor’s', async () => {
    await createStash('count', 'shop1', { namespace: 'v1' }).increment('visits', 'date');
    const visitor = createStash('count', 'shop1', { useVisitorId: true, visitorId: 'v1' });
    await expect(visitor.get('visits:2026-11-21')).resolves.toBe(0);
  });
});

describe('the client refuses parts outside the rule, before sending', () => {
  it.each([
    ['a namespace starting with ~', () => createStash('kv', 'shop1', { namespace: '~admin' }), 'options.namespace'],
    ['a key starting with ~', () => createStash('kv', 'shop1').get('~config'), 'key'],
    [
      'a visitor id of 128 characters (its part would be 129)',
      () => createStash('kv', 'shop1', { useVisitorId: true, visitorId: 'v'.repeat(128) }),
      'options.visitorId',
    ],
    ['a counter key starting with ~', () => createStash('count', 'shop1').get('~visits:2026-11-21'), 'counterKey'],
  ])('%s: INVALID_ARGUMENT naming %s', async (_name, run, argument) => {
    await refused(mock, run, argument);
  });
});

describe('the platform refuses full keys outside the rule (status 400)', () => {
  it.each([
    ['three parts without a visitor mark', 'a:b:c'],
    ['a visitor part last', 'ns:~v'],
    ['two visitor parts', '~a:~b:k'],
    ['a marked key', 'ns:~v:~k'],
    ['a bare mark', '~:k'],
    ['a visitor part before the namespace', '~v:ns:k'],
  ])('%s: %s', async (_name, fullKey) => {
    const response = await fetch(`${BASE}/kv/get/shop1/public/${fullKey}`);
    const body = await response.json();
    expect(body).toMatchObject({ status: 400, message: expect.stringContaining('[<namespace>:][~<visitorId>:]<key>') });
  });
});

describe('one rule: every full key the client builds is one the platform accepts, and no two part lists share one', () => {
  const part = fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/);
  const parts = fc.record({
    namespace: fc.option(part, { nil: undefined }),
    visitorId: fc.option(part, { nil: undefined }),
    key: part,
  });
  /** The full key the client builds of `p`, or undefined when the client refuses a part. */
  const build = (p: { namespace?: string; visitorId?: string; key: string }) => {
    try {
      const list = [];
      if (p.namespace !== undefined) list.push(stashKeyPart('namespace', 'namespace', p.namespace));
      if (p.visitorId !== undefined) list.push(stashKeyPart('visitorId', 'visitorId', p.visitorId));
      list.push(stashKeyPart('key', 'key', p.key));
      return list.join(':');
    } catch {
      return undefined;
    }
  };

  it('accepted by fullKeyProblem, and injective', () => {
    fc.assert(
      fc.property(parts, parts, (a, b) => {
        const [x, y] = [build(a), build(b)];
        if (x !== undefined) expect(fullKeyProblem(x)).toBeUndefined();
        if (x !== undefined && x === y) expect(a).toEqual(b);
      }),
      { numRuns: 2000 },
    );
  });

  it('the two-part case the issue found: namespace "x" + key and visitor "x" + key differ', () => {
    fc.assert(
      fc.property(part, part, (x, key) => {
        const ns = build({ namespace: x, key });
        const visitor = build({ visitorId: x, key });
        if (ns !== undefined && visitor !== undefined) expect(ns).not.toBe(visitor);
      }),
    );
  });
});
