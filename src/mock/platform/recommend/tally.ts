/** A number per product index in a growable Float64Array (0 for indexes never touched). */
export class Tally {
  private data: Float64Array;
  constructor(capacity = 64) {
    this.data = new Float64Array(capacity);
  }
  /** The underlying array (indexes past its length are 0); valid until the next `add`. */
  get values(): Float64Array {
    return this.data;
  }
  get(index: number): number {
    return index < this.data.length ? this.data[index] : 0;
  }
  /** Adds `amount` and returns the new value. */
  add(index: number, amount: number): number {
    if (index >= this.data.length) {
      const grown = new Float64Array(Math.max(index + 1, this.data.length * 2));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[index] += amount;
    return this.data[index];
  }
}
