import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockPlatform } from '../../../src/mock';
import { FIXTURE_TRACKING_ID } from '../../../src/mock/fixtures';
import type { RecommendRequest, Rule } from '../../../src/mock/platform/recommend';
import { recommendRequest } from './support';

const platform = createMockPlatform({ now: Date.parse('2026-11-21T12:00:00Z'), fixtures: true });
const ask = (request: Partial<RecommendRequest>) =>
  platform.services.recommend.recommend(recommendRequest({ trackingId: FIXTURE_TRACKING_ID, ...request }));
const BRANDS = ['Northwind', 'Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli'];

describe('re-ranking after rules', () => {
  it('stopping early (no debug) gives exactly the ranking of evaluating every candidate (debug)', () => {
    const rule = fc.record({
      brand: fc.constantFrom(...BRANDS),
      factor: fc.constantFrom(0, 0.5, 1, 1.5, 2, 7),
    });
    fc.assert(
      fc.property(
        fc.array(rule, { maxLength: 4 }),
        fc.constantFrom('popular', 'trending_popular_views_1', 'engagement'),
        fc.integer({ min: 1, max: 30 }),
        (specs, strategy, n) => {
          const rules: Rule[] = specs.map(({ brand, factor }) => ({
            condition: { '==': [{ var: 'rec.brand' }, brand] },
            factor,
          }));
          const request = { strategies: [strategy], seed: strategy === 'engagement' ? ['p050'] : ['all'], n, rules };
          expect(ask(request).items).toEqual(ask({ ...request, debug: true }).items);
        },
      ),
      { numRuns: 60, seed: 42 },
    );
  });

  it('a promotion lifts a product from far down the ranking into the top', () => {
    const plain = ask({ n: 50 }).items;
    const target = plain[40];
    const promoted = ask({
      n: 10,
      rules: [{ condition: { '==': [{ var: 'rec.id' }, target.id] }, factor: 100 }],
    }).items;
    expect(promoted[0]).toEqual({ ...target, weight: target.weight * 100 });
  });
});
