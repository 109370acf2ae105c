import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/core/errors';
import { checkEvent, EVENT_SCHEMA } from '../../src/tracker/schema';

const product = {
  productId: 'p1',
  sku: 's',
  name: 'n',
  categories: ['a'],
  price: { value: 1.5, currency: 'GBP' },
  url: 'u',
  imageUrl: 'i',
  stock: 3,
};
/** One valid `data` per row of PROTOCOL.md's event table. */
const valid: Record<string, Record<string, unknown>> = {
  ecView: { type: 'product', language: 'en', country: 'GB', currency: 'GBP' },
  ecUser: { user: { id: 'u1', email: 'a@b.example' } },
  ecProduct: { eventType: 'detail', product },
  ecBasketItemAction: { action: 'add', product, quantity: 2 },
  ecBasketItemTransaction: { transaction: { id: 't1' }, product, quantity: 1 },
  ecBasketTransactionSummary: { transaction: { id: 't1' }, basket: { total: { value: 10, currency: 'GBP' } } },
  recommendationShown: { id: 'p1', weight: 0.4, strategy: 'popular', experienceId: 7 },
  recommendationClicked: { id: 'p1', weight: 0.4, strategy: 'popular', position: 1 },
};

const refusal = (type: unknown, data: unknown) => {
  try {
    checkEvent(type, data);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError);
    const e = error as InvalidArgumentError;
    return [e.code, e.argument, e.message];
  }
  return undefined;
};

describe('the event table', () => {
  it('has exactly the types of PROTOCOL.md', () => {
    expect(Object.keys(EVENT_SCHEMA)).toEqual(Object.keys(valid));
  });

  it.each(Object.entries(valid))('accepts a complete %s', (type, data) => {
    expect(refusal(type, data)).toBeUndefined();
  });

  it('accepts the required fields alone and lets unknown fields through', () => {
    expect(
      refusal('ecProduct', { eventType: 'listing', product: { productId: 'p' }, extra: { any: 1 } }),
    ).toBeUndefined();
    expect(refusal('ecUser', { user: {} })).toBeUndefined();
  });

  it.each([
    [
      'ecNope',
      {},
      'type',
      'type must be one of ecView, ecUser, ecProduct, ecBasketItemAction, ecBasketItemTransaction, ecBasketTransactionSummary, recommendationShown, recommendationClicked (got "ecNope")',
    ],
    ['toString', {}, 'type', expect.stringContaining('type must be one of')],
    ['ecView', null, 'data', 'data must be an object (got null)'],
    [
      'ecView',
      { ...valid.ecView, type: 'landing' },
      'data.type',
      'data.type must be one of home, category, product, search, basket, checkout, confirmation, other (got "landing")',
    ],
    [
      'ecView',
      { type: 'home', language: 'en', country: 'GB' },
      'data.currency',
      'data.currency is required (got undefined)',
    ],
    ['ecUser', { user: { id: 5 } }, 'data.user', 'data.user must be an object of strings (got {"id":5})'],
    [
      'ecProduct',
      { eventType: 'detail', product: { productId: 1 } },
      'data.product.productId',
      'data.product.productId must be a string (got 1)',
    ],
    [
      'ecProduct',
      { eventType: 'detail', product: { productId: 'p', categories: 'a' } },
      'data.product.categories',
      'data.product.categories must be an array of strings (got "a")',
    ],
    [
      'ecProduct',
      { eventType: 'detail', product: { productId: 'p', price: { value: '1', currency: 'GBP' } } },
      'data.product.price.value',
      'data.product.price.value must be a finite number (got "1")',
    ],
    [
      'ecBasketItemAction',
      { action: 'add', product, quantity: NaN },
      'data.quantity',
      'data.quantity must be a finite number (got NaN)',
    ],
    [
      'ecBasketItemTransaction',
      { transaction: {}, product, quantity: 1 },
      'data.transaction.id',
      'data.transaction.id is required (got undefined)',
    ],
    [
      'ecBasketTransactionSummary',
      { transaction: { id: 't' }, basket: { total: 10 } },
      'data.basket.total',
      'data.basket.total must be an object (got 10)',
    ],
    [
      'recommendationShown',
      { id: 'p', weight: 1, strategy: 'popular', experienceId: true },
      'data.experienceId',
      'data.experienceId must be a string or a number (got true)',
    ],
    [
      'recommendationClicked',
      { id: 'p', weight: 1, strategy: 'popular', position: 0 },
      'data.position',
      'data.position must be an integer >= 1 (got 0)',
    ],
  ])('refuses %s %j naming %s', (type, data, argument, message) => {
    expect(refusal(type, data)).toEqual(['INVALID_ARGUMENT', argument, message]);
  });

  it('does not read fields from the prototype', () => {
    const data = Object.create({ productId: 'inherited' });
    expect(refusal('ecProduct', { eventType: 'detail', product: data })?.[1]).toBe('data.product.productId');
  });
});
