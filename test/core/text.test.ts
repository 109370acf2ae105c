import { describe, expect, it } from 'vitest';
import { isObject } from '../../src/core';
import { decodeSegment, escapeRegExp } from '../../src/core/internal';

describe('escapeRegExp', () => {
  it.each(['https://x.example/a.b', 'a+b*c?', '^(x|y)$', '[a]{2}', 'back\\slash', 'tid/with/slashes'])(
    '%s matches itself only',
    (text) => {
      const pattern = new RegExp(`^${escapeRegExp(text)}$`);
      expect(pattern.test(text)).toBe(true);
      expect(pattern.test(`${text}x`)).toBe(false);
    },
  );

  it('leaves letters, digits and dashes as they are', () => {
    expect(escapeRegExp('abc-123_Z')).toBe('abc-123_Z');
    expect(escapeRegExp('a.b')).toBe('a\\.b');
  });

  it('a dot stays a dot, not "any character"', () => {
    expect(new RegExp(`^${escapeRegExp('a.b')}$`).test('axb')).toBe(false);
  });
});

describe('decodeSegment', () => {
  it('percent-decodes', () => {
    expect(decodeSegment('caf%C3%A9%20au%20lait')).toBe('café au lait');
    expect(decodeSegment('plain')).toBe('plain');
  });

  it.each(['%ZZ', '%E0%A4%A', '100%'])('a malformed escape (%s) comes back as sent', (segment) => {
    expect(decodeSegment(segment)).toBe(segment);
  });
});

describe('isObject', () => {
  it.each<[unknown, boolean]>([
    [{}, true],
    [{ a: 1 }, true],
    [Object.create(null), true],
    [[], false],
    [null, false],
    [undefined, false],
    ['{}', false],
    [1, false],
  ])('%o -> %s', (value, expected) => {
    expect(isObject(value)).toBe(expected);
  });
});
