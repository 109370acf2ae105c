// Every message from the handler's worker is checked before the runner acts on it: a table of the
// fields each type carries (messages.ts), unknown fields refused. A message outside it ends the run
// as a failure of the runner (exit code 70), never with a Node stack.
type Check = (value: unknown) => boolean;

const isString: Check = (value) => typeof value === 'string';
const isId: Check = (value) => Number.isSafeInteger(value) && (value as number) > 0;
const isDuration: Check = (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const oneOf =
  (...values: unknown[]): Check =>
  (value) =>
    values.includes(value);
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const anything: Check = () => true;
/** JSON text: a result must parse where the runner reads it. */
const isJson: Check = (value) => {
  if (typeof value !== 'string') return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
};
const isSerializedError: Check = (value) =>
  typeof value === 'object' &&
  value !== null &&
  fieldsProblem(value as Record<string, unknown>, {
    name: isString,
    message: isString,
    stack: isString,
    code: optional(isString),
  }) === undefined;

/** The fields of each message type and what each accepts (`type` itself aside). */
const MESSAGES: Record<string, Record<string, Check>> = {
  loaded: { format: oneOf('ESM', 'CommonJS') },
  log: { level: oneOf('debug', 'info', 'log', 'warn', 'error'), text: isString },
  'http-start': { id: isId, method: isString, url: isString },
  'http-end': {
    id: isId,
    status: optional((s) => Number.isInteger(s) && (s as number) >= 100 && (s as number) < 600),
    error: optional(isString),
  },
  cache: { id: isId, op: oneOf('get', 'set', 'delete'), key: anything, json: optional(isString), ttlSeconds: anything },
  'done-ok': { phase: oneOf('boot', 'handler'), ok: oneOf(true), json: optional(isJson), durationMs: isDuration },
  'done-failed': {
    phase: oneOf('boot', 'handler'),
    ok: oneOf(false),
    error: isSerializedError,
    reason: oneOf('NO_HANDLER', 'LOAD_FAILED', 'HANDLER_THREW', 'NOT_SERIALIZABLE'),
    durationMs: isDuration,
  },
};

/** The first field of `fields` that `checks` refuses or does not know, as a phrase; undefined when all pass. */
function fieldsProblem(fields: Record<string, unknown>, checks: Record<string, Check>): string | undefined {
  for (const name of Object.keys(fields)) if (name !== 'type' && !(name in checks)) return `unknown field "${name}"`;
  for (const [name, check] of Object.entries(checks)) if (!check(fields[name])) return `invalid field "${name}"`;
  return undefined;
}

/** Why `message` is not a message the worker may send (messages.ts), else undefined. */
export function workerMessageProblem(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return 'not an object';
  const fields = message as Record<string, unknown>;
  const type = fields.type === 'done' ? (fields.ok === true ? 'done-ok' : 'done-failed') : fields.type;
  const checks = typeof type === 'string' && Object.hasOwn(MESSAGES, type) ? MESSAGES[type] : undefined;
  if (!checks) return `unknown type ${JSON.stringify(fields.type) ?? String(fields.type)}`;
  const problem = fieldsProblem(fields, checks);
  return problem && `${String(fields.type)} message: ${problem}`;
}
