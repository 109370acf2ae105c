/** One line of the `npm run bench` table. */
export interface Row {
  /** The area, e.g. `recommendations`. */
  bench: string;
  metric: string;
  value: number | string;
  unit?: string;
  note?: string;
  /** A figure measured for ours and for another library in the same run: also printed in the comparison table. */
  compare?: { ours: number; peer: number; peerName: string; ratio: number };
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

/**
 * Times each function once per round, `warmup` rounds unrecorded then `rounds` recorded, rotating
 * which goes first each round so none always runs on the warmer path. Returns the samples (ms) of
 * each function, in the order given.
 */
export async function interleaved(runs: (() => Promise<void>)[], rounds: number, warmup = 0): Promise<number[][]> {
  const samples = runs.map((): number[] => []);
  for (let round = 0; round < warmup + rounds; round++) {
    for (let k = 0; k < runs.length; k++) {
      const index = (round + k) % runs.length;
      const start = performance.now();
      await runs[index]();
      if (round >= warmup) samples[index].push(performance.now() - start);
    }
  }
  return samples;
}
