/**
 * Weighted co-occurrence counts between products (integer indexes), one bounded row per product:
 * a row keeps at most `capacity` neighbours (rounded up to a power of two). When it overflows it is pruned to its
 * heaviest
 * three quarters, so memory stays O(products × capacity) whatever the traffic (an approximation:
 * a pair pruned early restarts from 0 if it comes back).
 *
 * Rows are open-addressing hash tables in typed arrays (linear probing, load <= 1/2), which keeps
 * millions of updates free of per-entry objects and garbage.
 */
export class CoOccurrence {
  private readonly rows: (Row | undefined)[] = [];
  constructor(readonly capacity: number) {}

  add(from: number, to: number, weight: number): void {
    let row = this.rows[from];
    if (!row) {
      row = new Row(16);
      this.rows[from] = row;
    }
    let slot = row.slot(to);
    if (row.keys[slot] === to) {
      row.weights[slot] += weight;
      return;
    }
    if (row.size + 1 > row.keys.length / 2) {
      row =
        row.keys.length / 2 < this.capacity
          ? row.resized(row.keys.length * 2, row.size)
          : row.pruned(Math.floor((this.capacity * 3) / 4));
      this.rows[from] = row;
      slot = row.slot(to);
    }
    row.keys[slot] = to;
    row.weights[slot] = weight;
    row.size++;
  }

  /** Calls `visit` with each neighbour of a product and its count. */
  neighbours(from: number, visit: (to: number, weight: number) => void): void {
    const row = this.rows[from];
    if (!row) return;
    for (let i = 0; i < row.keys.length; i++) if (row.keys[i] >= 0) visit(row.keys[i], row.weights[i]);
  }

  /** How many neighbours a product has. */
  size(from: number): number {
    return this.rows[from]?.size ?? 0;
  }
}

const EMPTY = -1;

class Row {
  readonly keys: Int32Array;
  readonly weights: Float32Array;
  size = 0;
  constructor(slots: number) {
    this.keys = new Int32Array(slots).fill(EMPTY);
    this.weights = new Float32Array(slots);
  }

  /** The slot holding `key`, or the empty slot where it would go. */
  slot(key: number): number {
    const mask = this.keys.length - 1;
    let i = (Math.imul(key, 0x9e3779b1) >>> 0) & mask;
    while (this.keys[i] !== EMPTY && this.keys[i] !== key) i = (i + 1) & mask;
    return i;
  }

  /** A copy with `slots` slots holding the heaviest `keep` entries (ties: smaller key). */
  resized(slots: number, keep: number): Row {
    const order: number[] = [];
    for (let i = 0; i < this.keys.length; i++) if (this.keys[i] !== EMPTY) order.push(i);
    if (keep < order.length)
      order.sort((a, b) => this.weights[b] - this.weights[a] || this.keys[a] - this.keys[b]).length = keep;
    const row = new Row(slots);
    for (const i of order) {
      const slot = row.slot(this.keys[i]);
      row.keys[slot] = this.keys[i];
      row.weights[slot] = this.weights[i];
    }
    row.size = order.length;
    return row;
  }

  pruned(keep: number): Row {
    return this.resized(this.keys.length, keep);
  }
}
