import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from '../../src/tracker/id';

describe('randomId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a UUID v4 of [0-9a-f-] built from crypto.getRandomValues (no randomUUID in insecure contexts)', () => {
    const getRandomValues = vi.fn(<T extends ArrayBufferView>(array: T) => {
      (array as unknown as Uint8Array).fill(0xff);
      return array;
    });
    vi.stubGlobal('crypto', { getRandomValues });
    expect(randomId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(getRandomValues).toHaveBeenCalledTimes(1);
  });

  it('gives 10,000 distinct ids', () => {
    const ids = new Set(Array.from({ length: 10_000 }, randomId));
    expect(ids.size).toBe(10_000);
    for (const id of [...ids].slice(0, 100))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
