import { describe, expect, it } from 'vitest';
import { cooccurrenceLlr, logLikelihoodRatio } from '../../../src/mock/platform/recommend/llr';

describe('logLikelihoodRatio', () => {
  it('is 4·ln 2 for the perfectly associated table [[1,0],[0,1]]', () => {
    expect(logLikelihoodRatio(1, 0, 0, 1)).toBeCloseTo(4 * Math.log(2), 12);
  });

  it('is 40·ln 2 for [[10,0],[0,10]] (grows with the evidence)', () => {
    expect(logLikelihoodRatio(10, 0, 0, 10)).toBeCloseTo(40 * Math.log(2), 10);
  });

  it('is 0 for an independent table', () => {
    expect(logLikelihoodRatio(1, 1, 1, 1)).toBe(0);
    expect(logLikelihoodRatio(2, 4, 3, 6)).toBeCloseTo(0, 12);
  });

  it('matches the G² statistic computed from observed and expected counts', () => {
    // G² = 2 Σ O ln(O/E) for [[3,1],[2,10]]: row sums 4, 12; column sums 5, 11; total 16.
    const table = [
      [3, 1],
      [2, 10],
    ];
    const rows = [4, 12];
    const cols = [5, 11];
    let g2 = 0;
    for (let r = 0; r < 2; r++)
      for (let c = 0; c < 2; c++) g2 += 2 * table[r][c] * Math.log(table[r][c] / ((rows[r] * cols[c]) / 16));
    expect(logLikelihoodRatio(3, 1, 2, 10)).toBeCloseTo(g2, 10);
  });
});

describe('cooccurrenceLlr', () => {
  it('builds the table from marginals: 2 of 4 users had both A and B, nobody only one', () => {
    expect(cooccurrenceLlr(2, 2, 2, 4)).toBeCloseTo(8 * Math.log(2), 12);
  });

  it('is 0 when A and B co-occur no more than chance', () => {
    expect(cooccurrenceLlr(1, 2, 2, 4)).toBe(0);
    expect(cooccurrenceLlr(0, 2, 2, 4)).toBe(0);
  });
});
