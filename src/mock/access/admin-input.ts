// The one check of every admin API body (`/__svc/`): run before anything is applied or journalled,
// so a refused call changes nothing. Framework-free: no MSW or node import.
import { isObject } from '@svc/core';
import { MAX_TIME } from '../platform/clock';
import { JsonTooDeepError, MAX_JSON_DEPTH, parseBoundedJson } from '../platform/json-depth';

/** An admin body refused by `readAdminInput`: answered 400 `{status, message, field}`. */
export class AdminInputError extends Error {
  override name = 'AdminInputError';
  readonly code = 'INVALID_ARGUMENT';
  /** The offending field as a path, for example `ms`, `status` or `body[1].settings`. */
  readonly field: string;
  constructor(field: string, expectation: string) {
    super(`${field} ${expectation}`);
    this.field = field;
  }
}

/** A field's rule: its type, and for numbers their range (integers unless `fraction`). */
type FieldRule =
  | { type: 'number'; min: number; max: number; fraction?: boolean }
  | { type: 'string'; maxLength: number }
  | { type: 'boolean' }
  | { type: 'time' };

/** An object body of known fields only; each may be left out. */
export type Shape = Readonly<Record<string, FieldRule>>;

const HOUR = 3_600_000;
/** What the clock routes take. */
export const CLOCK_SHAPES = {
  /** `ms`: 0 up to 100 years (the clock itself refuses a time past a Date's range). */
  advance: { ms: { type: 'number', min: 0, max: 100 * 365.25 * 24 * HOUR, fraction: true } },
  /** `time`: epoch ms within a Date's range, or an ISO string. */
  set: { time: { type: 'time' } },
} as const satisfies Record<string, Shape>;

/** A fault, field by field (the `Fault` type of platform/faults.ts). */
export const FAULT_SHAPE = {
  latencyMs: { type: 'number', min: 0, max: 300_000 },
  status: { type: 'number', min: 200, max: 599 },
  bodyStatus: { type: 'number', min: 100, max: 599 },
  retryAfter: { type: 'number', min: 0, max: 86_400 },
  raw: { type: 'string', maxLength: 1024 * 1024 },
  offline: { type: 'boolean' },
  times: { type: 'number', min: 1, max: 1_000_000 },
} as const satisfies Shape;

/**
 * Parses and checks an admin body, before any of it is used. Always: nesting at most
 * MAX_JSON_DEPTH, every number finite (`1e400` parses to Infinity). With `shape`: an object of
 * those fields only (a misspelt `stauts` is refused), each of its type and in range; with
 * `'array'`: a JSON array (the arguments of an `admin` or `inspect` call). Throws AdminInputError
 * naming the field; an empty body is `undefined`.
 */
export function readAdminInput(text: string, shape?: Shape | 'array'): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = parseBoundedJson(text);
  } catch (error) {
    if (error instanceof JsonTooDeepError)
      throw new AdminInputError('body', `is nested deeper than ${MAX_JSON_DEPTH} levels`);
    throw new AdminInputError('body', 'is not JSON');
  }
  checkNumbers(value, 'body');
  if (shape === 'array' && !Array.isArray(value))
    throw new AdminInputError('body', 'must be a JSON array of arguments');
  if (shape !== undefined && shape !== 'array') checkShape(value, shape);
  return value;
}

/** Every number in `value` is finite (depth is already bounded, so recursion is safe). */
function checkNumbers(value: unknown, path: string): void {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new AdminInputError(path, 'must be a finite number');
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) checkNumbers(item, `${path}[${i}]`);
  } else if (isObject(value)) for (const [key, item] of Object.entries(value)) checkNumbers(item, `${path}.${key}`);
}

function checkShape(value: unknown, shape: Shape): void {
  if (!isObject(value) || Array.isArray(value))
    throw new AdminInputError('body', `must be an object with ${Object.keys(shape).join(', ')}`);
  for (const [field, given] of Object.entries(value)) {
    const rule = Object.hasOwn(shape, field) ? shape[field] : undefined;
    if (!rule) throw new AdminInputError(field, `is not a known field (known: ${Object.keys(shape).join(', ')})`);
    checkField(field, given, rule);
  }
}

function checkField(field: string, value: unknown, rule: FieldRule): void {
  const got = ` (got ${JSON.stringify(value)})`;
  if (rule.type === 'boolean' && typeof value !== 'boolean')
    throw new AdminInputError(field, `must be true or false${got}`);
  if (rule.type === 'string' && (typeof value !== 'string' || value.length > rule.maxLength))
    throw new AdminInputError(field, `must be a string of at most ${rule.maxLength} characters`);
  if (rule.type === 'number') {
    const ok = typeof value === 'number' && value >= rule.min && value <= rule.max;
    if (!ok || (!rule.fraction && !Number.isInteger(value)))
      throw new AdminInputError(
        field,
        `must be ${rule.fraction ? 'a number' : 'an integer'} from ${rule.min} to ${rule.max}${got}`,
      );
  }
  if (rule.type === 'time') {
    const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
    if (!(Math.abs(ms) <= MAX_TIME))
      throw new AdminInputError(field, `must be epoch ms or an ISO time within a Date's range${got}`);
  }
}
