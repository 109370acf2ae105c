import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** randomId of a fresh module: its pool of random bytes empty, so the next id draws from crypto. */
let randomId: () => string;
beforeEach(async () => {
  vi.resetModules();
  ({ randomId } = await import('../../src/core/random-id'));
});

describe('randomId', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is a lower-case UUID v4 (version 4, variant 10xx)', () => {
    for (let i = 0; i < 200; i++) expect(randomId()).toMatch(UUID_V4);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, randomId));
    expect(ids.size).toBe(1000);
  });

  it('takes its bits from crypto.getRandomValues (randomUUID may be missing on plain http)', () => {
    vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      (array as unknown as Uint8Array).fill(0xff);
      return array;
    });
    expect(randomId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('all-zero bits still carry the version and the variant', () => {
    vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => array);
    expect(randomId()).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('draws random bytes for 64 ids at a time, each id from bytes of its own', () => {
    let draws = 0;
    vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      draws += 1;
      // Each 16-byte slice of a draw holds its index in the draw, and the draw's number.
      const bytes = array as unknown as Uint8Array;
      for (let i = 0; i < bytes.length; i++) bytes[i] = i % 16 === 0 ? i / 16 : draws;
      return array;
    });
    const ids = Array.from({ length: 130 }, randomId);
    expect(draws).toBe(3);
    expect(ids[0]).toBe('00010101-0101-4101-8101-010101010101');
    expect(ids[63]).toBe('3f010101-0101-4101-8101-010101010101');
    expect(ids[64]).toBe('00020202-0202-4202-8202-020202020202');
    expect(ids[129]).toBe('01030303-0303-4303-8303-030303030303');
  });
});
