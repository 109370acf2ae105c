// The tracking events of PROTOCOL.md as one data table, and the validator that reads it.
// Two users: the tracker (emit refuses what the platform would refuse) and @svc/mock's events
// area (it answers 400 to a batch holding an event the table refuses).
import { invalid } from '@svc/core';

/**
 * A field's expected value: `s` string, `n` finite number, `i` integer >= 1, `u` integer >= 0, `k` string or number
 * (an id), `S` array of strings, `M` object of strings (all fields optional), `r` string or
 * RegExp, `f` function, a string array
 * (one of those values), or a nested `Shape`.
 */
export type Field = 's' | 'n' | 'i' | 'u' | 'k' | 'S' | 'M' | 'r' | 'f' | readonly string[] | Shape;
/** Fields of an object; a name starting with `?` is optional. Fields not named are let through. */
export type Shape = { readonly [name: string]: Field };

const price: Shape = { value: 'n', currency: 's' };

/** `product` of ecProduct, ecBasketItemAction and ecBasketItemTransaction. */
export const PRODUCT: Shape = {
  productId: 's',
  '?sku': 's',
  '?name': 's',
  '?categories': 'S',
  '?price': price,
  '?url': 's',
  '?imageUrl': 's',
  '?stock': 'n',
};

const shown: Shape = { id: 's', weight: 'n', strategy: 's', '?experienceId': 'k' };

/** The event types and the `data` each requires (PROTOCOL.md, "Tracking events"). */
export const EVENT_SCHEMA: { readonly [type: string]: Shape } = {
  ecView: {
    type: ['home', 'category', 'product', 'search', 'basket', 'checkout', 'confirmation', 'other'],
    language: 's',
    country: 's',
    currency: 's',
  },
  ecUser: { user: 'M' },
  ecProduct: { eventType: 's', product: PRODUCT },
  ecBasketItemAction: { action: ['add', 'remove'], product: PRODUCT, quantity: 'n' },
  ecBasketItemTransaction: { transaction: { id: 's' }, product: PRODUCT, quantity: 'n' },
  ecBasketTransactionSummary: { transaction: { id: 's' }, basket: { total: price } },
  recommendationShown: shown,
  recommendationClicked: { ...shown, position: 'i' },
};

/** `meta` of an event on the wire, as the tracker writes it and the platform checks it. */
export const META: Shape = { id: 's', type: 's', ts: 'n', visitorId: 's', pageViewId: 's', seq: 'n', url: 's' };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isString = (v: unknown) => typeof v === 'string';

const integer = (min: number): [(v: unknown) => boolean, string] => [
  (v) => Number.isInteger(v) && (v as number) >= min,
  'an integer >= ' + min,
];

/** Each field code: its test and what it expects ("must be ..."). */
const checks: Record<string, [(v: unknown) => boolean, string]> = {
  s: [isString, 'a string'],
  n: [Number.isFinite, 'a finite number'],
  i: integer(1),
  u: integer(0),
  k: [(v) => isString(v) || Number.isFinite(v), 'a string or a number'],
  S: [(v) => Array.isArray(v) && v.every(isString), 'an array of strings'],
  M: [(v) => isObject(v) && Object.values(v).every(isString), 'an object of strings'],
  r: [(v) => isString(v) || v instanceof RegExp, 'a string or a RegExp'],
  f: [(v) => typeof v === 'function', 'a function'],
};

/** Throws `InvalidArgumentError` naming `argument` unless `value` is what `field` expects. */
export function checkField(argument: string, value: unknown, field: Field): void {
  if (Array.isArray(field)) {
    if (!field.includes(value as string)) invalid(argument, value, 'must be one of ' + field.join(', '));
  } else if (isString(field)) {
    const [ok, expectation] = checks[field as string];
    if (!ok(value)) invalid(argument, value, 'must be ' + expectation);
  } else checkShape(argument, value, field as Shape);
}

/** Throws `InvalidArgumentError` naming the first field of `value` (called `path`) that `shape` refuses; `optional`: every field of `shape` is. */
export function checkShape(path: string, value: unknown, shape: Shape, optional?: boolean): void {
  if (!isObject(value)) invalid(path, value, 'must be an object');
  for (const key in shape) {
    const name = key.replace('?', '');
    const v = Object.hasOwn(value, name) ? value[name] : undefined;
    const at = `${path}.${name}`;
    if (v !== undefined) checkField(at, v, shape[key]);
    else if (key === name && !optional) invalid(at, v, 'is required');
  }
}

/** Throws `InvalidArgumentError` when `type` is not in the table or `data` lacks or mistypes a required field. */
export function checkEvent(type: unknown, data: unknown, typeName = 'type', dataName = 'data'): void {
  checkField(typeName, type, Object.keys(EVENT_SCHEMA));
  checkShape(dataName, data, EVENT_SCHEMA[type as string]);
}
