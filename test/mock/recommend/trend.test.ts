import { describe, expect, it } from 'vitest';
import { ewmaLift, olsSlope } from '../../../src/mock/platform/recommend/trend';

describe('olsSlope', () => {
  it('is +1 for 1, 2, 3 and -1 for 3, 2, 1', () => {
    expect(olsSlope([1, 2, 3])).toBe(1);
    expect(olsSlope([3, 2, 1])).toBe(-1);
  });

  it('is 0 for a constant rate (not trending) and for a single day', () => {
    expect(olsSlope([5, 5, 5, 5])).toBe(0);
    expect(olsSlope([7])).toBe(0);
  });

  it('is the least-squares slope of a noisy series: 0, 2, 1, 5 → 1.4', () => {
    // x̄ = 1.5, ȳ = 2; Σdx·dy = (-1.5)(-2) + (-0.5)(0) + (0.5)(-1) + (1.5)(3) = 7; Σdx² = 5.
    expect(olsSlope([0, 2, 1, 5])).toBeCloseTo(1.4, 12);
  });
});

describe('ewmaLift', () => {
  it('is positive for rising views, negative for falling, 0 for constant', () => {
    expect(ewmaLift([1, 2, 3, 4], 0.5)).toBeGreaterThan(0);
    expect(ewmaLift([4, 3, 2, 1], 0.5)).toBeLessThan(0);
    expect(ewmaLift([3, 3, 3], 0.5)).toBe(0);
  });

  it('is the EWMA minus the mean: 0, 4 with alpha 0.5 → 2 − 2 = 0; 0, 0, 4 → 2 − 4/3', () => {
    expect(ewmaLift([0, 4], 0.5)).toBe(0);
    expect(ewmaLift([0, 0, 4], 0.5)).toBeCloseTo(2 - 4 / 3, 12);
  });
});
