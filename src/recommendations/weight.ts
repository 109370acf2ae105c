import { invalid } from '@svc/core';

/** A decimal, optionally with thousands separators: `12`, `-0.5`, `1,234.50`. */
const NUMERIC = /^[+-]?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

/** An item's weight as a number: numbers as they are, numeric strings parsed; anything else is `INVALID_ARGUMENT`. */
export function toWeight(weight: unknown): number {
  const text = typeof weight === 'string' && weight.trim();
  const n = text && NUMERIC.test(text) ? +text.replace(/,/g, '') : weight;
  return typeof n === 'number' && Number.isFinite(n) ? n : invalid('item.weight', weight, 'must be numeric');
}
