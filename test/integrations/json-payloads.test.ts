// execute/schedule refuse payloads that JSON would change (issue 20, point 8: `execute(NaN)` sent
// `null`): INVALID_ARGUMENT naming the part, before any request.
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/core/errors';
import { createIntegration } from '../../src/integrations';
import { failure } from '../support/failure';
import { useMockPlatform } from '../support/mock-server';

const mock = useMockPlatform({ now: '2026-11-23T10:00:00.000Z' });
const tid = 'shop1';

function echo() {
  mock.platform.admin.integrations.create(tid, { name: 'echo', handler: ({ payload }) => ({ got: payload }) });
  return createIntegration('echo', { trackingId: tid });
}

describe('payloads that JSON would change are refused', () => {
  // biome-ignore lint/suspicious/noSparseArray: the hole is the case under test (JSON writes it as null).
  const sparse = [1, , 3];
  const cases: [string, unknown][] = [
    ['payload', Number.NaN],
    ['payload', Infinity],
    ['payload', -Infinity],
    ['payload.a', { a: Number.NaN }],
    ['payload.list[1].b', { list: [{}, { b: Infinity }] }],
    ['payload[1]', [1, undefined]],
    ['payload[1]', sparse],
    ['payload.f', { f: () => 1 }],
    ['payload.s', { s: Symbol('s') }],
    ['payload.m', { m: new Map([['a', 1]]) }],
    [
      'payload.c',
      {
        c: new (class Point {
          x = 1;
        })(),
      },
    ],
    ['payload', 10n],
  ];
  it.each(cases)('refuses %s before any request', async (argument, payload) => {
    const integration = echo();
    for (const call of [() => integration.execute(payload), () => integration.schedule(payload)]) {
      const error = await failure(call(), InvalidArgumentError);
      expect([error.code, error.argument]).toEqual(['INVALID_ARGUMENT', argument]);
    }
    expect(await mock.sent()).toEqual([]);
  });

  it('a deeply nested payload is refused, not a RangeError', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const error = await failure(echo().execute(deep), InvalidArgumentError);
    expect(error.argument).toBe('payload');
  });

  it('plain JSON goes out as written, Dates (toJSON) and null-prototype objects included', async () => {
    const bare = Object.assign(Object.create(null), { n: 1 });
    const result = await echo().execute({ a: [1, 'two', null, true, -0.5], at: new Date(0), bare, gone: undefined });
    expect(result.result).toEqual({
      got: { a: [1, 'two', null, true, -0.5], at: '1970-01-01T00:00:00.000Z', bare: { n: 1 } },
    });
  });
});
