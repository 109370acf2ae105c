import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../src/mock/fixtures/prng';
import { allocate, bucket } from '../../../src/mock/platform/experiences/bucketing';
import type { Variation } from '../../../src/mock/platform/experiences/types';

// Deterministic bucketing by (contextId, experience id), in proportion to allocation weights.
const variations: Variation[] = [
  { id: 11, name: 'Control', payload: {}, weight: 20, isControl: true },
  { id: 12, name: 'A', payload: {}, weight: 50, isControl: false },
  { id: 13, name: 'B', payload: {}, weight: 30, isControl: false },
];

const ids = (n: number, seed: number) => {
  // Seeded (mulberry32), so the 10,000 ids (and the statistic) are the same on every run.
  const random = createRandom(seed).next;
  return Array.from({ length: n }, () =>
    Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join(''),
  );
};

function chiSquare(experienceId: number, contextIds: string[]) {
  const counts = new Map<number, number>(variations.map((v) => [v.id, 0]));
  for (const id of contextIds) {
    const v = allocate(variations, id, experienceId);
    counts.set(v.id, (counts.get(v.id) ?? 0) + 1);
  }
  const total = variations.reduce((s, v) => s + v.weight, 0);
  let statistic = 0;
  for (const v of variations) {
    const expected = (contextIds.length * v.weight) / total;
    statistic += ((counts.get(v.id) ?? 0) - expected) ** 2 / expected;
  }
  return { counts: [...counts.values()], statistic };
}

const PINNED = [12, 11, 12, 13];

describe('bucketing', () => {
  it('is stable: the same (contextId, experience) always gets the same bucket and variation', () => {
    for (const id of ids(200, 7)) {
      expect(bucket(id, 3)).toBe(bucket(id, 3));
      expect(allocate(variations, id, 3).id).toBe(allocate(variations, id, 3).id);
    }
    // Pinned: a change of hash would move every visitor of every running experience.
    expect(['visitor-a', 'visitor-b', 'visitor-c', 'visitor-h'].map((id) => allocate(variations, id, 1).id)).toEqual(
      PINNED,
    );
  });

  it('buckets a visitor independently per experience', () => {
    const contextIds = ids(2000, 11);
    const same = contextIds.filter((id) => allocate(variations, id, 1).id === allocate(variations, id, 2).id).length;
    // Independent draws agree with probability 0.2^2 + 0.5^2 + 0.3^2 = 0.38.
    expect(same / contextIds.length).toBeGreaterThan(0.34);
    expect(same / contextIds.length).toBeLessThan(0.42);
  });

  it('follows the allocation over 10,000 ids: chi-square below the 0.1% critical value (df 2: 13.816)', () => {
    const { counts, statistic } = chiSquare(1, ids(10_000, 20261121));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(statistic).toBeLessThan(13.816);
  });

  it('the statistic can fail: the same counts measured against a 1:1:1 allocation', () => {
    const { counts } = chiSquare(1, ids(10_000, 20261121));
    const statistic = counts.reduce((sum, c) => sum + (c - 10_000 / 3) ** 2 / (10_000 / 3), 0);
    expect(statistic).toBeGreaterThan(13.816);
  });

  it('uniform buckets: each decile holds about a tenth of 10,000 ids (chi-square, df 9: 27.877)', () => {
    const deciles = new Array(10).fill(0);
    for (const id of ids(10_000, 5)) deciles[Math.floor(bucket(id, 42) * 10)]++;
    const statistic = deciles.reduce((s, c) => s + (c - 1000) ** 2 / 1000, 0);
    expect(statistic).toBeLessThan(27.877);
  });

  it('a single variation takes everybody; zero-weight cannot exist (admin refuses it)', () => {
    expect(allocate([variations[1]], 'x', 1).id).toBe(12);
  });
});
