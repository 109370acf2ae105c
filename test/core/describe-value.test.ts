// The shared message builder (issue 20, point 7): InvalidArgumentError describes any value
// without throwing, so a bad argument is INVALID_ARGUMENT, never a TypeError.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/core/errors';
import { segment } from '../../src/core/path';

const message = (value: unknown) => new InvalidArgumentError('x', value, 'must be fine').message;

describe('InvalidArgumentError describes exotic values', () => {
  it('a null-prototype object is described as JSON', () => {
    const bare = Object.assign(Object.create(null), { a: 1 });
    expect(message(bare)).toBe('x must be fine (got {"a":1})');
    expect(message(Object.create(null))).toBe('x must be fine (got {})');
  });

  it('a Proxy whose every trap throws, a revoked Proxy, a Symbol, a BigInt, a cyclic object', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('no');
        },
        ownKeys() {
          throw new Error('no');
        },
        getPrototypeOf() {
          throw new Error('no');
        },
      },
    );
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const toStringThrows = {
      toString() {
        throw new Error('no');
      },
      toJSON() {
        return undefined;
      },
    };
    expect(message(hostile)).toBe('x must be fine (got an object)');
    expect(message(revocable.proxy)).toBe('x must be fine (got an object)');
    expect(message(Symbol('s'))).toBe('x must be fine (got Symbol(s))');
    expect(message(10n)).toBe('x must be fine (got 10)');
    expect(message(cyclic)).toBe('x must be fine (got [object Object])');
    expect(message(toStringThrows)).toBe('x must be fine (got [object Object])');
    expect(message([Object.create(null)])).toBe('x must be fine (got [{}])');
  });

  it('a public check refuses a null-prototype object with INVALID_ARGUMENT', () => {
    expect(() => segment('trackingId', Object.create(null))).toThrow(InvalidArgumentError);
    expect(() => segment('trackingId', Object.create(null))).toThrow(
      'trackingId must be 1-128 of A-Za-z0-9._~- and not . or .. (got {})',
    );
  });

  it('any value at all is described in at most 83 characters without throwing', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withNullPrototype: true,
          withBigInt: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withBoxedValues: true,
        }),
        (value) => {
          const text = message(value);
          expect(text.length).toBeLessThanOrEqual('x must be fine (got )'.length + 83);
        },
      ),
    );
  });
});
