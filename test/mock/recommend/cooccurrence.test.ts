import { describe, expect, it } from 'vitest';
import { CoOccurrence } from '../../../src/mock/platform/recommend/cooccurrence';

const row = (index: CoOccurrence, from: number) => {
  const out: [number, number][] = [];
  index.neighbours(from, (to, weight) => out.push([to, weight]));
  return out.sort((a, b) => a[0] - b[0]);
};

describe('CoOccurrence', () => {
  it('adds weights per pair, one row per product', () => {
    const index = new CoOccurrence(8);
    index.add(1, 2, 1);
    index.add(1, 2, 0.5);
    index.add(1, 3, 1);
    index.add(2, 1, 1);
    expect(row(index, 1)).toEqual([
      [2, 1.5],
      [3, 1],
    ]);
    expect(row(index, 2)).toEqual([[1, 1]]);
    expect(row(index, 9)).toEqual([]);
  });

  it('grows a row past its first slots and keeps every entry up to the capacity', () => {
    const index = new CoOccurrence(100);
    for (let to = 0; to < 100; to++) index.add(0, to * 7919, to + 1);
    expect(index.size(0)).toBe(100);
    expect(row(index, 0)).toEqual(Array.from({ length: 100 }, (_, to) => [to * 7919, to + 1]));
  });

  it('bounds a row: past the capacity it keeps the heaviest three quarters, then takes the newcomer', () => {
    const index = new CoOccurrence(8);
    for (let to = 1; to <= 8; to++) index.add(0, to, to); // weights 1..8
    index.add(0, 100, 1);
    // Pruned to the 6 heaviest (3..8), then 100 joins.
    const heaviest = [3, 4, 5, 6, 7, 8].map((to) => [to, to]);
    expect(row(index, 0)).toEqual([...heaviest, [100, 1]]);
    for (let to = 200; to < 1200; to++) index.add(0, to, 1);
    expect(index.size(0)).toBeLessThanOrEqual(8);
    expect(row(index, 0).filter(([to]) => to >= 3 && to <= 8)).toEqual(heaviest);
  });
});
