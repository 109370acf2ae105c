import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from '../../src/core';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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
});
