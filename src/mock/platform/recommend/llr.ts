// Dunning's log-likelihood ratio (G²) of a 2×2 contingency table, as in Dunning (1993),
// "Accurate methods for the statistics of surprise and coincidence", in the entropy form
// Mahout uses: LLR = 2 · (H(rows) + H(columns) − H(matrix)) with unnormalised entropies.

const xLogX = (x: number) => (x > 0 ? x * Math.log(x) : 0);

/** Unnormalised Shannon entropy of counts: xLogX(Σk) − Σ xLogX(k). */
function entropy(...counts: number[]): number {
  let sum = 0;
  let parts = 0;
  for (const k of counts) {
    sum += k;
    parts += xLogX(k);
  }
  return xLogX(sum) - parts;
}

/**
 * LLR of the table `[[k11, k12], [k21, k22]]`: k11 both events, k12 A without B, k21 B without A,
 * k22 neither. 0 for independence; grows with the evidence that A and B co-occur (or avoid
 * each other: callers that want attraction only check k11 against its expectation).
 */
export function logLikelihoodRatio(k11: number, k12: number, k21: number, k22: number): number {
  const rows = entropy(k11 + k12, k21 + k22);
  const columns = entropy(k11 + k21, k12 + k22);
  const matrix = entropy(k11, k12, k21, k22);
  // Rounding can leave a tiny negative number when the table is exactly independent.
  return Math.max(0, 2 * (rows + columns - matrix));
}

/**
 * LLR of "A and B occur together more than chance" from the marginal counts of `total` users:
 * `both` users had A and B, `a` had A, `b` had B. 0 when they co-occur no more than chance.
 */
export function cooccurrenceLlr(both: number, a: number, b: number, total: number): number {
  const k11 = Math.min(both, a, b);
  const k12 = a - k11;
  const k21 = b - k11;
  const k22 = Math.max(0, total - a - b + k11);
  if (k11 * (k11 + k12 + k21 + k22) <= (k11 + k12) * (k11 + k21)) return 0;
  return logLikelihoodRatio(k11, k12, k21, k22);
}
