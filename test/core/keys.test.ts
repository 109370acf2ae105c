import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, refuseUnknownKeys } from '../../src/core';
import { closestKey, editDistance } from '../../src/core/keys';

describe('editDistance', () => {
  it.each<[string, string, number]>([
    ['limit', 'limit', 0],
    ['limt', 'limit', 1],
    ['limits', 'limit', 1],
    ['lmiit', 'limit', 2],
    ['stratgey', 'strategy', 2],
    ['endpiont', 'endpoint', 2],
    ['seeds', 'seed', 1],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['kitten', 'sitting', 3],
    ['url', 'endpoint', 8],
  ])('%s -> %s: %d', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('closestKey', () => {
  const known = ['strategy', 'limit', 'seed', 'timeout', 'endpoint', 'locale', 'defaultLocale', 'id', 'to'];
  it.each<[string, string | undefined]>([
    ['limt', 'limit'],
    ['Limit', 'limit'],
    ['EndPoint', 'endpoint'],
    ['timout', 'timeout'],
    ['defaultlocale', 'defaultLocale'],
    ['locales', 'locale'],
    ['strat', undefined],
    ['url', undefined],
    // Short names: one edit of two characters is half the name, not a typo.
    ['ix', undefined],
    ['colour', undefined],
  ])('%s -> %j', (key, expected) => {
    expect(closestKey(key, known)).toBe(expected);
  });
});

describe('refuseUnknownKeys', () => {
  const refusal = (value: object, renamed?: Record<string, string>) => {
    try {
      refuseUnknownKeys('config', value, ['limit', 'endpoint', 'defaultLocale'], renamed);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidArgumentError);
      return error as InvalidArgumentError;
    }
    return undefined;
  };

  it('accepts known keys, and leaves non-objects to the caller', () => {
    expect(refusal({ limit: 4, endpoint: 'https://x' })).toBeUndefined();
    expect(refusal({})).toBeUndefined();
    expect(() => refuseUnknownKeys('config', undefined, ['limit'])).not.toThrow();
  });

  it('names the key and suggests a close one', () => {
    const error = refusal({ limit: 1, limt: 4 })!;
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.argument).toBe('config.limt');
    expect(error.value).toBe(4);
    expect(error.message).toBe('config.limt is not an option: did you mean `limit`? (got 4)');
  });

  it('lists the options when no key is close', () => {
    expect(refusal({ colour: 'red' })!.message).toBe(
      'config.colour is not an option (options: limit, endpoint, defaultLocale) (got "red")',
    );
  });

  it('names ours for a name of the previous client: url everywhere, others as the client says', () => {
    expect(refusal({ url: 'https://old' })!.message).toBe(
      'config.url is the previous client\'s name: use `endpoint` (got "https://old")',
    );
    const error = refusal({ defaultCurrency: 'EUR' }, { defaultCurrency: 'defaultLocale' })!;
    expect(error.argument).toBe('config.defaultCurrency');
    expect(error.message).toBe(
      'config.defaultCurrency is the previous client\'s name: use `defaultLocale` (got "EUR")',
    );
  });

  it('refuses a "__proto__" own key (JSON.parse makes one) like any other', () => {
    expect(refusal(JSON.parse('{"__proto__": {"limit": 7}}'))!.argument).toBe('config.__proto__');
  });
});
