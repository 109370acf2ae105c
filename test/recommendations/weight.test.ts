import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/core/errors';
import { toWeight } from '../../src/recommendations/weight';

// Weight coercion of shown/clicked: numbers, and numeric strings as shops format them.
describe('toWeight', () => {
  it('reads back any integer formatted with en-US thousands separators', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => toWeight(n.toLocaleString('en-US')) === n));
  });

  it('reads back two-decimal prices, grouped or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.boolean(), (cents, grouped) => {
        const text = grouped
          ? (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })
          : (cents / 100).toFixed(2);
        return toWeight(text) === Number((cents / 100).toFixed(2));
      }),
    );
  });

  it('refuses strings that are not plain decimals', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*[+-]?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?\s*$/.test(s)),
        (s) => {
          expect(() => toWeight(s)).toThrow(InvalidArgumentError);
        },
      ),
    );
  });
});
