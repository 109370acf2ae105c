import type { Variation } from './types';

/**
 * A number in [0, 1) fixed by (contextId, experience id): cyrb53, a fast 53-bit string hash with
 * good avalanche, so a visitor keeps their variation across requests and iterations while
 * visitors spread over variations in proportion to their weights.
 */
export function bucket(contextId: string, experienceId: number): number {
  const key = `${experienceId}:${contextId}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)) / 2 ** 53;
}

/** The variation a visitor is allocated to: the one whose cumulative weight share covers their bucket. */
export function allocate(variations: readonly Variation[], contextId: string, experienceId: number): Variation {
  const total = variations.reduce((sum, v) => sum + v.weight, 0);
  let point = bucket(contextId, experienceId) * total;
  for (const variation of variations) {
    point -= variation.weight;
    if (point < 0) return variation;
  }
  return variations[variations.length - 1];
}
