// The one vocabulary of checks: every client describes its options (and the tracker its events) as
// rows of [name, test, expectation] and refuses the first row a value fails, before any request,
// with an InvalidArgumentError naming the field (`config.limit must be an integer 1..50 (got 0)`).
// A row's test is a function with its expectation beside it, a named check below (`aString`,
// `oneOf(...)`: a test that carries its expectation), or the rows of a nested object.
import { invalid } from './invalid';
import { isObject } from './text';
import { MAX_WAIT_MS } from './timer';

/** A test of one value: truthy when the value is accepted. */
export type Accepts = (value: unknown) => unknown;

/** A named test and what its refusal says the value must be; `fields`: the rows of an object's own fields. */
export interface Check {
  readonly accepts: Accepts;
  /** The refusal's words after the field's name: `must be a string`. */
  readonly expectation: string;
  /** Rows the value's own fields are checked with, once `accepts` took it (see {@link checkObject}). */
  readonly fields?: Fields;
  /** The check each item of the value (an array) passes, once `accepts` took it (see {@link listOf}). */
  readonly items?: Check;
}

/** The rows of an object's fields. */
export type Fields = readonly FieldCheck[];

/**
 * One field's check: its name, then either the test its value must pass and what the refusal says
 * it must be, or a {@link Check} (which carries its expectation), or the {@link Fields} of a nested
 * object (which must then be an object, its own fields checked under `name.`).
 */
export type FieldCheck =
  | readonly [name: string, accepts: Accepts, expectation: string]
  // `expectation?: undefined` lets a row be read as [name, check, expectation] whichever form it has.
  | readonly [name: string, check: Check | Fields, expectation?: undefined];

const OBJECT = 'must be an object';

/** `accepts`, passing `undefined` too: for an option that may be left out. */
export function optional(accepts: Accepts): Accepts;
/** The check, or the nested object of these rows, passing `undefined` too: for a field that may be left out. */
export function optional(check: Check | Fields): Check;
export function optional(check: Accepts | Check | Fields): Accepts | Check {
  if (typeof check === 'function') return (value: unknown) => value === undefined || check(value);
  if (isFields(check))
    return { accepts: (value) => value === undefined || isObject(value), expectation: OBJECT, fields: check };
  const { accepts } = check;
  return { ...check, accepts: (value) => value === undefined || accepts(value) };
}

const isFields = (check: Check | Fields): check is Fields => Array.isArray(check);

/** The first value a set of rows refuses: where it is (`response.items[2].id`), what it is, what it must be. */
interface Refusal {
  path: string;
  value: unknown;
  expectation: string;
}

/**
 * Checks the fields of `holder` (an options object: a field is read as the client reads it, an
 * inherited one too) row by row; the first value a test refuses throws `INVALID_ARGUMENT` naming
 * `prefix + name`, the value and the row's expectation. A nested object is checked as
 * {@link checkObject} does.
 */
export function checkFields(holder: unknown, prefix: string, checks: Fields): void {
  refuse(rowsRefusal(holder, prefix, checks, false));
}

/**
 * Throws `INVALID_ARGUMENT` naming `argument` unless `value` is an object, then naming
 * `argument.field` for the first of its fields that `fields` refuses. The object is data (what
 * JSON carries): only its own fields are read, and a field a row requires that is missing "is
 * required".
 */
export function checkObject(argument: string, value: unknown, fields: Fields): void {
  if (!isObject(value)) invalid(argument, value, OBJECT);
  refuse(rowsRefusal(value, `${argument}.`, fields, true));
}

/**
 * Where an answer of the platform (`value`, called `argument`) first differs from `fields`, read
 * as {@link checkObject} reads data: `response.experiencePayloads[0].id`; `undefined` when it
 * has every field as the rows say. A client turns it into its `PROTOCOL` error (an answer is not
 * the caller's mistake).
 */
export function refusedField(argument: string, value: unknown, fields: Fields): string | undefined {
  if (!isObject(value)) return argument;
  return rowsRefusal(value, `${argument}.`, fields, true)?.path;
}

function refuse(refusal: Refusal | undefined): void {
  if (refusal) invalid(refusal.path, refusal.value, refusal.expectation);
}

/** The first refusal of `rows` in `holder`; `data`: own fields only, and a missing required one "is required". */
function rowsRefusal(holder: unknown, prefix: string, rows: Fields, data: boolean): Refusal | undefined {
  for (const [name, check, given] of rows) {
    // The row's three forms, read without building anything: `emit` checks every event through here.
    let accepts: Accepts;
    let expectation: string;
    let fields: Fields | undefined;
    let items: Check | undefined;
    if (typeof check === 'function') {
      accepts = check;
      expectation = given as string;
    } else if (isFields(check)) {
      accepts = isObject;
      expectation = OBJECT;
      fields = check;
    } else {
      accepts = check.accepts;
      expectation = check.expectation;
      fields = check.fields;
      items = check.items;
    }
    const value = data
      ? Object.hasOwn(holder as object, name)
        ? (holder as Record<string, unknown>)[name]
        : undefined
      : (holder as Record<string, unknown> | null | undefined)?.[name];
    if (!accepts(value))
      return { path: prefix + name, value, expectation: data && value === undefined ? 'is required' : expectation };
    if (value === undefined) continue;
    const inner = fields
      ? rowsRefusal(value, `${prefix}${name}.`, fields, true)
      : items && itemsRefusal(value as readonly unknown[], prefix + name, items);
    if (inner) return inner;
  }
  return undefined;
}

/** The first item of `list` (at `path`) that `check` refuses, its fields and items included. */
function itemsRefusal(list: readonly unknown[], path: string, check: Check): Refusal | undefined {
  for (let i = 0; i < list.length; i++) {
    const at = `${path}[${i}]`;
    const item = list[i];
    if (!check.accepts(item)) return { path: at, value: item, expectation: check.expectation };
    const inner = check.fields
      ? rowsRefusal(item, `${at}.`, check.fields, true)
      : check.items && itemsRefusal(item as readonly unknown[], at, check.items);
    if (inner) return inner;
  }
  return undefined;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** A string. */
export const aString: Check = { accepts: isString, expectation: 'must be a string' };

/** A number that is neither NaN nor infinite (what JSON can carry). */
export const aFiniteNumber: Check = { accepts: Number.isFinite, expectation: 'must be a finite number' };

/** A string, or a finite number: an id either way. */
export const aStringOrNumber: Check = {
  accepts: (value) => isString(value) || Number.isFinite(value),
  expectation: 'must be a string or a number',
};

/** An array whose items are all strings (empty too). */
export const anArrayOfStrings: Check = {
  accepts: (value) => Array.isArray(value) && value.every(isString),
  expectation: 'must be an array of strings',
};

/** An object whose own values are all strings (empty too). */
export const anObjectOfStrings: Check = {
  accepts: (value) => isObject(value) && Object.values(value).every(isString),
  expectation: 'must be an object of strings',
};

/** An integer no smaller than `min`. */
export const anIntegerAtLeast = (min: number): Check => ({
  accepts: (value) => Number.isInteger(value) && (value as number) >= min,
  expectation: `must be an integer >= ${min}`,
});

/** Whole ms from `least` to 2^31-1, what a timer can wait (a longer `setTimeout` fires at once). */
export const aWait = (least: number): Check => ({
  accepts: (value) => Number.isInteger(value) && (value as number) >= least && (value as number) <= MAX_WAIT_MS,
  expectation: `must be whole ms from ${least} to 2^31-1`,
});

/** One of `values` (compared with `===`). */
export const oneOf = (...values: readonly unknown[]): Check => ({
  accepts: (value) => values.includes(value),
  expectation: `must be one of ${values.join(', ')}`,
});

/** An array each of whose items passes `item`: a check, or the rows of an object. */
export const listOf = (item: Check | Fields): Check => ({
  accepts: Array.isArray,
  expectation: 'must be an array',
  items: isFields(item) ? { accepts: isObject, expectation: OBJECT, fields: item } : item,
});
