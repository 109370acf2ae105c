/**
 * Weighted co-occurrence counts between products (integer indexes), one bounded row per product:
 * a row keeps at most `capacity` neighbours. When it overflows it is pruned to its heaviest
 * three quarters, so memory stays O(products × capacity) whatever the traffic (an approximation:
 * a pair pruned early restarts from 0 if it comes back).
 */
export class CoOccurrence {
  private readonly rows: (Map<number, number> | undefined)[] = [];
  constructor(readonly capacity: number) {}

  add(from: number, to: number, weight: number): void {
    let row = this.rows[from];
    if (!row) {
      row = new Map();
      this.rows[from] = row;
    }
    row.set(to, (row.get(to) ?? 0) + weight);
    if (row.size > this.capacity) this.rows[from] = prune(row, Math.floor((this.capacity * 3) / 4));
  }

  /** The neighbours of a product with their counts (empty when it has none). */
  row(from: number): ReadonlyMap<number, number> {
    return this.rows[from] ?? EMPTY;
  }
}

const EMPTY: ReadonlyMap<number, number> = new Map();

function prune(row: Map<number, number>, keep: number): Map<number, number> {
  const entries = [...row].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return new Map(entries.slice(0, keep));
}
