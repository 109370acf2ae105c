/**
 * The `k` best (product, score) pairs among `candidates` (scores in `scores[product]`), best
 * first; ties by product index. Skips products in `excluded` and scores <= 0. A bounded
 * min-heap: O(m log k) for m candidates.
 */
export function topScores(
  candidates: readonly number[],
  scores: Float64Array,
  k: number,
  excluded: ReadonlySet<number>,
): [number, number][] {
  const heap: [number, number][] = [];
  // "a worse than b": lower score, or equal score and larger index.
  const worse = (a: [number, number], b: [number, number]) => a[1] < b[1] || (a[1] === b[1] && a[0] > b[0]);
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j], heap[i]]);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l], heap[m])) m = l;
      if (r < heap.length && worse(heap[r], heap[m])) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  if (k <= 0) return heap;
  for (const product of candidates) {
    const score = scores[product];
    if (!(score > 0)) continue;
    // Full heap: only a candidate better than the worst kept one gets in.
    if (heap.length === k && (score < heap[0][1] || (score === heap[0][1] && product > heap[0][0]))) continue;
    if (excluded.has(product)) continue;
    const entry: [number, number] = [product, score];
    if (heap.length < k) {
      heap.push(entry);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i], heap[parent])) break;
        swap(i, parent);
        i = parent;
      }
    } else if (worse(heap[0], entry)) {
      heap[0] = entry;
      down(0);
    }
  }
  return heap.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}
