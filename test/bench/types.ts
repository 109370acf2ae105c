/** One line of the `npm run bench` table. */
export interface Row {
  /** The area, e.g. `recommendations`. */
  bench: string;
  metric: string;
  value: number | string;
  unit?: string;
  note?: string;
}

/** Median of numbers (sorted copy). */
export function median(values: number[]): number {
  return percentile(values, 50);
}

/** The p-th percentile (nearest rank) of numbers. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Rounds for display. */
export const round = (n: number, digits = 2) => Number(n.toFixed(digits));
