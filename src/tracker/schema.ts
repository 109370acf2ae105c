// The tracking events of PROTOCOL.md as one data table, and the validator that reads it.
// Two users: the tracker (emit refuses what the platform would refuse) and @svc/mock's events
// area (it answers 400 to a batch holding an event the table refuses).
import { invalid, isObject } from '@svc/core';

/**
 * A field's expected value: one of the named kinds below (`'string'`, `'number'`, `'integer >= 1'`,
 * `'integer >= 0'`, `'id'`: a string or a number, `'string[]'`, `'record of strings'`: an object of
 * strings, all fields optional, `'string or RegExp'`, `'function'`), a string array (one of those
 * values), or a nested `Shape`.
 */
export type Field = Kind | readonly string[] | Shape;
/** The kinds of value a field can expect, named for what they accept. */
export type Kind =
  | 'string'
  | 'number'
  | 'integer >= 1'
  | 'integer >= 0'
  | 'id'
  | 'string[]'
  | 'record of strings'
  | 'string or RegExp'
  | 'function';
/** Fields of an object; a name starting with `?` is optional. Fields not named are let through. */
export type Shape = { readonly [name: string]: Field };

const price: Shape = { value: 'number', currency: 'string' };

/** `product` of ecProduct, ecBasketItemAction and ecBasketItemTransaction. */
export const PRODUCT: Shape = {
  productId: 'string',
  '?sku': 'string',
  '?name': 'string',
  '?categories': 'string[]',
  '?price': price,
  '?url': 'string',
  '?imageUrl': 'string',
  '?stock': 'number',
};

const shown: Shape = { id: 'string', weight: 'number', strategy: 'string', '?experienceId': 'id' };

/** The event types and the `data` each requires (PROTOCOL.md, "Tracking events"). */
export const EVENT_SCHEMA: { readonly [type: string]: Shape } = {
  ecView: {
    type: ['home', 'category', 'product', 'search', 'basket', 'checkout', 'confirmation', 'other'],
    language: 'string',
    country: 'string',
    currency: 'string',
  },
  ecUser: { user: 'record of strings' },
  ecProduct: { eventType: 'string', product: PRODUCT },
  ecBasketItemAction: { action: ['add', 'remove'], product: PRODUCT, quantity: 'number' },
  ecBasketItemTransaction: { transaction: { id: 'string' }, product: PRODUCT, quantity: 'number' },
  ecBasketTransactionSummary: { transaction: { id: 'string' }, basket: { total: price } },
  recommendationShown: shown,
  recommendationClicked: { ...shown, position: 'integer >= 1' },
};

/** `meta` of an event on the wire, as the tracker writes it and the platform checks it. */
const META: Shape = {
  id: 'string',
  type: 'string',
  ts: 'number',
  visitorId: 'string',
  pageViewId: 'string',
  seq: 'number',
  url: 'string',
};

const isString = (v: unknown) => typeof v === 'string';

const integer = (min: number): [(v: unknown) => boolean, string] => [
  (v) => Number.isInteger(v) && (v as number) >= min,
  'an integer >= ' + min,
];

/** Each kind: its test and what it expects ("must be ..."). */
const checks: Record<Kind, [(v: unknown) => boolean, string]> = {
  string: [isString, 'a string'],
  number: [Number.isFinite, 'a finite number'],
  'integer >= 1': integer(1),
  'integer >= 0': integer(0),
  id: [(v) => isString(v) || Number.isFinite(v), 'a string or a number'],
  'string[]': [(v) => Array.isArray(v) && v.every(isString), 'an array of strings'],
  'record of strings': [(v) => isObject(v) && Object.values(v).every(isString), 'an object of strings'],
  'string or RegExp': [(v) => isString(v) || v instanceof RegExp, 'a string or a RegExp'],
  function: [(v) => typeof v === 'function', 'a function'],
};

/** Throws `InvalidArgumentError` naming `argument` unless `value` is what `field` expects. */
export function checkField(argument: string, value: unknown, field: Field): void {
  if (Array.isArray(field)) {
    if (!field.includes(value as string)) invalid(argument, value, 'must be one of ' + field.join(', '));
  } else if (isString(field)) {
    const [ok, expectation] = checks[field as Kind];
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

/**
 * Throws `InvalidArgumentError` naming the first field (under `path`) of an event as it travels,
 * `{meta, data}`, that the platform would refuse: the rule of a batch's events, for the platform's
 * check and for events read back from storage.
 */
export function checkWireEvent(path: string, event: unknown): void {
  checkShape(path, event, { meta: META, data: {} });
  const { meta, data } = event as { meta: { type: unknown }; data: unknown };
  checkEvent(meta.type, data, `${path}.meta.type`, `${path}.data`);
}
