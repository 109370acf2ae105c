import { describe, expect, it } from 'vitest';
import {
  aFiniteNumber,
  anArrayOfStrings,
  anIntegerAtLeast,
  anObjectOfStrings,
  aString,
  aStringOrNumber,
  aWait,
  type Check,
  checkFields,
  checkObject,
  type Fields,
  listOf,
  oneOf,
  optional,
  refusedField,
} from '../../src/core/checks';
import { InvalidArgumentError } from '../../src/core/errors';

/** The refusal `check` throws, as [argument, message]; undefined when it throws none. */
const refusal = (check: () => void) => {
  try {
    check();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError);
    const e = error as InvalidArgumentError;
    expect(e.code).toBe('INVALID_ARGUMENT');
    return [e.argument, e.message];
  }
  return undefined;
};

/** The refusal of `value` by `check`, as the field `x` of an object. */
const refusalOf = (check: Check, value: unknown) => refusal(() => checkObject('o', { x: value }, [['x', check]]))?.[1];

describe('the named checks', () => {
  it.each<[string, Check, unknown[], unknown, string]>([
    ['aString', aString, ['', 'a'], 1, 'o.x must be a string (got 1)'],
    ['aFiniteNumber', aFiniteNumber, [0, -1.5], NaN, 'o.x must be a finite number (got NaN)'],
    ['aFiniteNumber', aFiniteNumber, [1e300], Infinity, 'o.x must be a finite number (got Infinity)'],
    ['aFiniteNumber', aFiniteNumber, [2], '2', 'o.x must be a finite number (got "2")'],
    ['aStringOrNumber', aStringOrNumber, ['7', 7], true, 'o.x must be a string or a number (got true)'],
    ['anArrayOfStrings', anArrayOfStrings, [[], ['a', 'b']], ['a', 1], 'o.x must be an array of strings (got ["a",1])'],
    [
      'anObjectOfStrings',
      anObjectOfStrings,
      [{}, { a: 'b' }],
      { a: 5 },
      'o.x must be an object of strings (got {"a":5})',
    ],
    ['anObjectOfStrings', anObjectOfStrings, [{}], ['a'], 'o.x must be an object of strings (got ["a"])'],
    ['anIntegerAtLeast(1)', anIntegerAtLeast(1), [1, 50], 0, 'o.x must be an integer >= 1 (got 0)'],
    ['anIntegerAtLeast(0)', anIntegerAtLeast(0), [0], 1.5, 'o.x must be an integer >= 0 (got 1.5)'],
    ['aWait(0)', aWait(0), [0, 2 ** 31 - 1], 2 ** 31, 'o.x must be whole ms from 0 to 2^31-1 (got 2147483648)'],
    ['aWait(1)', aWait(1), [1], 0, 'o.x must be whole ms from 1 to 2^31-1 (got 0)'],
    ['oneOf', oneOf('add', 'remove'), ['add', 'remove'], 'toString', 'o.x must be one of add, remove (got "toString")'],
  ])('%s accepts %j and refuses %j', (_, check, accepted, refused, message) => {
    for (const value of accepted) expect(refusalOf(check, value)).toBeUndefined();
    expect(refusalOf(check, refused)).toBe(message);
  });
});

describe('optional', () => {
  it('a test passes undefined and still refuses a wrong value', () => {
    const rows: Fields = [['limit', optional(Number.isInteger), 'must be an integer']];
    expect(refusal(() => checkFields({}, 'config.', rows))).toBeUndefined();
    expect(refusal(() => checkFields({ limit: 'ten' }, 'config.', rows))).toEqual([
      'config.limit',
      'config.limit must be an integer (got "ten")',
    ]);
  });

  it('a named check passes a missing field and keeps its expectation for a wrong one', () => {
    const rows: Fields = [['sku', optional(aString)]];
    expect(refusal(() => checkObject('product', {}, rows))).toBeUndefined();
    expect(refusal(() => checkObject('product', { sku: undefined }, rows))).toBeUndefined();
    expect(refusal(() => checkObject('product', { sku: 5 }, rows))?.[1]).toBe('product.sku must be a string (got 5)');
  });

  it('nested rows: a missing object passes, a wrong one and its wrong fields are refused', () => {
    const rows: Fields = [['price', optional([['value', aFiniteNumber]])]];
    expect(refusal(() => checkObject('product', {}, rows))).toBeUndefined();
    expect(refusal(() => checkObject('product', { price: 10 }, rows))?.[1]).toBe(
      'product.price must be an object (got 10)',
    );
    expect(refusal(() => checkObject('product', { price: { value: '1' } }, rows))?.[1]).toBe(
      'product.price.value must be a finite number (got "1")',
    );
  });
});

describe('checkFields', () => {
  const rows: Fields = [
    ['name', aString],
    ['total', [['value', aFiniteNumber]]],
  ];

  it('refuses the first field a row refuses, naming it after the prefix', () => {
    expect(refusal(() => checkFields({ name: 1, total: 2 }, 'options.', rows))).toEqual([
      'options.name',
      'options.name must be a string (got 1)',
    ]);
  });

  it('says what a missing option must be (a missing option is one left undefined)', () => {
    expect(refusal(() => checkFields(undefined, '', rows))).toEqual(['name', 'name must be a string (got undefined)']);
  });

  it('reads an option as the client does, an inherited one too', () => {
    expect(refusal(() => checkFields(Object.create({ name: 1 }), '', rows))?.[0]).toBe('name');
  });

  it('checks a nested row under `prefix + name + "."`', () => {
    expect(refusal(() => checkFields({ name: 'n', total: { value: NaN } }, 'options.', rows))).toEqual([
      'options.total.value',
      'options.total.value must be a finite number (got NaN)',
    ]);
    expect(refusal(() => checkFields({ name: 'n', total: [] }, '', rows))?.[1]).toBe(
      'total must be an object (got [])',
    );
  });
});

describe('checkObject', () => {
  const transaction: Fields = [['id', aString]];
  const rows: Fields = [
    ['transaction', transaction],
    ['basket', [['total', [['value', aFiniteNumber]]]]],
  ];

  it('refuses a value that is not an object, naming the argument', () => {
    expect(refusal(() => checkObject('data', null, rows))).toEqual(['data', 'data must be an object (got null)']);
    expect(refusal(() => checkObject('data', ['a'], rows))?.[1]).toBe('data must be an object (got ["a"])');
  });

  it('says a missing required field, nested ones too, "is required"', () => {
    expect(refusal(() => checkObject('data', {}, rows))).toEqual([
      'data.transaction',
      'data.transaction is required (got undefined)',
    ]);
    expect(refusal(() => checkObject('data', { transaction: {} }, rows))).toEqual([
      'data.transaction.id',
      'data.transaction.id is required (got undefined)',
    ]);
    expect(refusal(() => checkObject('data', { transaction: { id: 't' }, basket: { total: {} } }, rows))?.[1]).toBe(
      'data.basket.total.value is required (got undefined)',
    );
  });

  it('reads own fields only (what JSON carries), at every depth', () => {
    expect(refusal(() => checkObject('data', Object.create({ transaction: { id: 't' } }), rows))?.[0]).toBe(
      'data.transaction',
    );
    const inherited = { transaction: Object.create({ id: 't' }) };
    expect(refusal(() => checkObject('data', inherited, rows))?.[0]).toBe('data.transaction.id');
  });

  it('lets fields no row names through', () => {
    const data = { transaction: { id: 't', extra: 1 }, basket: { total: { value: 1, currency: 'GBP' } }, more: [] };
    expect(refusal(() => checkObject('data', data, rows))).toBeUndefined();
  });
});

describe('refusedField and listOf (answers of the platform)', () => {
  const ANSWER: Fields = [
    [
      'items',
      listOf([
        ['id', aString],
        ['weight', aFiniteNumber],
      ]),
    ],
    ['domains', listOf(aString)],
    ['locale', optional(aString)],
  ];
  const good = { items: [{ id: 'a', weight: 1 }], domains: ['.shop.example'] };

  it('is undefined for an answer the rows accept, extra fields and empty lists included', () => {
    expect(refusedField('response', good, ANSWER)).toBeUndefined();
    expect(refusedField('response', { items: [], domains: [], extra: 1 }, ANSWER)).toBeUndefined();
  });

  it('names the first field the rows refuse, with list indices', () => {
    expect(refusedField('response', null, ANSWER)).toBe('response');
    expect(refusedField('response', [], ANSWER)).toBe('response');
    expect(refusedField('response', { domains: [] }, ANSWER)).toBe('response.items');
    expect(refusedField('response', { ...good, items: {} }, ANSWER)).toBe('response.items');
    expect(refusedField('response', { ...good, items: [{ id: 'a', weight: 1 }, null] }, ANSWER)).toBe(
      'response.items[1]',
    );
    expect(refusedField('response', { ...good, items: [{ id: 'a', weight: 1 }, { id: 'b' }] }, ANSWER)).toBe(
      'response.items[1].weight',
    );
    expect(refusedField('response', { ...good, domains: ['.a', 2] }, ANSWER)).toBe('response.domains[1]');
    expect(refusedField('response', { ...good, locale: 3 }, ANSWER)).toBe('response.locale');
  });

  it('reads own fields only, as for data', () => {
    expect(refusedField('response', Object.create(good), ANSWER)).toBe('response.items');
  });

  it('lists refuse in an argument too, with the list expectation', () => {
    expect(refusal(() => checkObject('options', { domains: 'x', items: [] }, ANSWER))).toEqual([
      'options.domains',
      'options.domains must be an array (got "x")',
    ]);
    expect(refusal(() => checkObject('options', { items: [{ id: 1, weight: 1 }], domains: [] }, ANSWER))?.[1]).toBe(
      'options.items[0].id must be a string (got 1)',
    );
  });
});
