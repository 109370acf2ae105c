// The tracking events of PROTOCOL.md as one data table, written in core's vocabulary of checks
// (rows of [field, check]), and the validator that reads it. Two users: the tracker (emit refuses
// what the platform would refuse) and @svc/mock's events area (it answers 400 to a batch holding
// an event the table refuses). A field not in a row is let through; `optional` marks a field that
// may be left out.
import {
  aFiniteNumber,
  anArrayOfStrings,
  anIntegerAtLeast,
  anObjectOfStrings,
  aString,
  aStringOrNumber,
  checkObject,
  type Fields,
  invalid,
  oneOf,
  optional,
} from '@svc/core';

const price: Fields = [
  ['value', aFiniteNumber],
  ['currency', aString],
];

/** `product` of ecProduct, ecBasketItemAction and ecBasketItemTransaction. */
export const PRODUCT: Fields = [
  ['productId', aString],
  ['sku', optional(aString)],
  ['name', optional(aString)],
  ['categories', optional(anArrayOfStrings)],
  ['price', optional(price)],
  ['url', optional(aString)],
  ['imageUrl', optional(aString)],
  ['stock', optional(aFiniteNumber)],
];

const shown: Fields = [
  ['id', aString],
  ['weight', aFiniteNumber],
  ['strategy', aString],
  ['experienceId', optional(aStringOrNumber)],
];

/** The event types and the `data` each requires (PROTOCOL.md, "Tracking events"). */
export const EVENT_SCHEMA: { readonly [type: string]: Fields } = {
  ecView: [
    ['type', oneOf('home', 'category', 'product', 'search', 'basket', 'checkout', 'confirmation', 'other')],
    ['language', aString],
    ['country', aString],
    ['currency', aString],
  ],
  ecUser: [['user', anObjectOfStrings]],
  ecProduct: [
    ['eventType', aString],
    ['product', PRODUCT],
  ],
  ecBasketItemAction: [
    ['action', oneOf('add', 'remove')],
    ['product', PRODUCT],
    ['quantity', aFiniteNumber],
  ],
  ecBasketItemTransaction: [
    ['transaction', [['id', aString]]],
    ['product', PRODUCT],
    ['quantity', aFiniteNumber],
  ],
  ecBasketTransactionSummary: [
    ['transaction', [['id', aString]]],
    ['basket', [['total', price]]],
  ],
  recommendationShown: shown,
  recommendationClicked: [...shown, ['position', anIntegerAtLeast(1)]],
};

/** The types of the table, for the refusal of any other (built once: `emit` checks every event). */
const EVENT_TYPE = oneOf(...Object.keys(EVENT_SCHEMA));

/** `meta` of an event on the wire, as the tracker writes it and the platform checks it. */
const META: Fields = [
  ['id', aString],
  ['type', aString],
  ['ts', aFiniteNumber],
  ['visitorId', aString],
  ['pageViewId', aString],
  ['seq', aFiniteNumber],
  ['url', aString],
];

/** An event as it travels: `data` must be an object here, its fields are checked by type. */
const WIRE_EVENT: Fields = [
  ['meta', META],
  ['data', []],
];

/** Throws `InvalidArgumentError` when `type` is not in the table or `data` lacks or mistypes a required field. */
export function checkEvent(type: unknown, data: unknown, typeName = 'type', dataName = 'data'): void {
  if (!EVENT_TYPE.accepts(type)) invalid(typeName, type, EVENT_TYPE.expectation);
  checkObject(dataName, data, EVENT_SCHEMA[type as string]);
}

/**
 * Throws `InvalidArgumentError` naming the first field (under `path`) of an event as it travels,
 * `{meta, data}`, that the platform would refuse: the rule of a batch's events, for the platform's
 * check and for events read back from storage.
 */
export function checkWireEvent(path: string, event: unknown): void {
  checkObject(path, event, WIRE_EVENT);
  const { meta, data } = event as { meta: { type: unknown }; data: unknown };
  checkEvent(meta.type, data, `${path}.meta.type`, `${path}.data`);
}
