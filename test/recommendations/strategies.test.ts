import { describe, expect, it } from 'vitest';
import { DEPRECATED, NEEDS_SEED, STRATEGIES } from '../../src/recommendations/strategies';

// The client checks strategy names with two patterns compiled from the catalog (smaller than the
// table in the bundle); they must name exactly the catalog's `deprecated` and `partner+seed` rows.
describe('strategy patterns match the catalog', () => {
  const names = [...Object.keys(STRATEGIES), 'cf_viewed', 'partner_product_other', 'pp2', 'popular2', 'xpop'];
  const kind = (name: string) =>
    Object.hasOwn(STRATEGIES, name) ? STRATEGIES[name as keyof typeof STRATEGIES] : undefined;

  it.each(names)('%s', (name) => {
    expect(DEPRECATED.test(name)).toBe(kind(name) === 'deprecated');
    expect(NEEDS_SEED.test(name)).toBe(kind(name) === 'partner+seed');
  });

  it('every partner strategy of the catalog starts with partner_ (those need a visitor id)', () => {
    expect(Object.keys(STRATEGIES).filter((name) => name.startsWith('partner_'))).toEqual(
      Object.keys(STRATEGIES).filter((name) => kind(name)!.startsWith('partner')),
    );
  });
});
