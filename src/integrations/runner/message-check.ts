// Every message from the handler's worker is checked before the runner acts on it: a table of the
// fields each type carries (messages.ts), in core's rows as every check of the SDK, unknown fields
// refused. A message outside it ends the run as a failure of the runner (exit code 70), never with
// a Node stack.
import { aString, type FieldCheck, type Fields, oneOf, optional, refusedField } from '@svc/core';

/** JSON text (not a value: the worker sends its result serialised): it must parse where the runner reads it. */
function isJsonText(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

const id: FieldCheck = [
  'id',
  (value) => Number.isSafeInteger(value) && (value as number) > 0,
  'must be a positive integer',
];
const durationMs: FieldCheck = [
  'durationMs',
  (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0,
  'must be a number of ms >= 0',
];
const phase: FieldCheck = ['phase', oneOf('boot', 'handler')];
/** Any value: the runner passes it on as it is. */
const anything = (name: string): FieldCheck => [name, () => true, ''];

/** An error as the worker serialises it. */
const SERIALIZED_ERROR: Fields = [
  ['name', aString],
  ['message', aString],
  ['stack', aString],
  ['code', optional(aString)],
];

/** The fields of each message type and what each accepts (`type` itself aside). */
const MESSAGES: Record<string, Fields> = {
  loaded: [['format', oneOf('ESM', 'CommonJS')]],
  log: [
    ['level', oneOf('debug', 'info', 'log', 'warn', 'error')],
    ['text', aString],
  ],
  'http-start': [id, ['method', aString], ['url', aString]],
  'http-end': [
    id,
    [
      'status',
      optional((s) => Number.isInteger(s) && (s as number) >= 100 && (s as number) < 600),
      'must be an HTTP status',
    ],
    ['error', optional(aString)],
  ],
  cache: [
    id,
    ['op', oneOf('get', 'set', 'delete')],
    anything('key'),
    ['json', optional(aString)],
    anything('ttlSeconds'),
  ],
  'done-ok': [phase, ['ok', oneOf(true)], ['json', optional(isJsonText), 'must be JSON text'], durationMs],
  'done-failed': [
    phase,
    ['ok', oneOf(false)],
    ['error', SERIALIZED_ERROR],
    ['reason', oneOf('NO_HANDLER', 'LOAD_FAILED', 'HANDLER_THREW', 'NOT_SERIALIZABLE')],
    durationMs,
  ],
};

/** Each type's fields with `type` itself (read first, to find them), for the check of unknown fields. */
const KNOWN_FIELDS: Record<string, Fields> = Object.fromEntries(
  Object.entries(MESSAGES).map(([type, rows]) => [type, [anything('type'), ...rows]]),
);

/**
 * The first field of `value` (called `path`) that no row of `rows` names, nested objects' fields included, as a path.
 */
function unknownField(value: Record<string, unknown>, rows: Fields, path: string): string | undefined {
  for (const name of Object.keys(value)) if (!rows.some(([known]) => known === name)) return `${path}.${name}`;
  for (const [name, check] of rows) {
    const nested = value[name];
    if (!Array.isArray(check) || typeof nested !== 'object' || nested === null) continue;
    const unknown = unknownField(nested as Record<string, unknown>, check as Fields, `${path}.${name}`);
    if (unknown) return unknown;
  }
  return undefined;
}

/** Why `message` is not a message the worker may send (messages.ts), else undefined. */
export function workerMessageProblem(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return 'not an object';
  const fields = message as Record<string, unknown>;
  const type = fields.type === 'done' ? (fields.ok === true ? 'done-ok' : 'done-failed') : fields.type;
  const rows = typeof type === 'string' && Object.hasOwn(MESSAGES, type) ? MESSAGES[type] : undefined;
  if (!rows) return `unknown type ${JSON.stringify(fields.type) ?? String(fields.type)}`;
  const unknown = unknownField(fields, KNOWN_FIELDS[type as string], 'message');
  if (unknown) return `${String(fields.type)} message: unknown field ${unknown}`;
  const invalid = refusedField('message', fields, rows);
  return invalid && `${String(fields.type)} message: invalid ${invalid}`;
}
