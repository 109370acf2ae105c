// Trend measures of a series of daily counts (oldest first). Pure functions, no allocation.

/** Least-squares slope of `series[i]` against `i` (counts per day, per day). 0 for fewer than 2 points. */
export function olsSlope(series: ArrayLike<number>): number {
  const n = series.length;
  if (n < 2) return 0;
  const meanX = (n - 1) / 2;
  let meanY = 0;
  for (let i = 0; i < n; i++) meanY += series[i];
  meanY /= n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    const dx = i - meanX;
    sxy += dx * (series[i] - meanY);
    sxx += dx * dx;
  }
  return sxy / sxx;
}

/**
 * How far the exponentially weighted moving average (weight `alpha` on each newer day) ends
 * above the plain mean of the series: positive when recent days are above the window's level,
 * 0 for a constant series.
 */
export function ewmaLift(series: ArrayLike<number>, alpha: number): number {
  const n = series.length;
  if (n === 0) return 0;
  let ewma = series[0];
  let mean = series[0];
  for (let i = 1; i < n; i++) {
    ewma = alpha * series[i] + (1 - alpha) * ewma;
    mean += series[i];
  }
  return ewma - mean / n;
}
