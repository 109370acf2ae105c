// What "JSON" means for a payload, one rule for the client (execute, schedule) and the local runner:
// a value that goes out as written, or `INVALID_ARGUMENT` naming its first part that would not.
import { invalid } from '@svc/core';

/**
 * The first part of `value` that is not JSON going out as written, and its path; or undefined.
 * Refused: non-finite numbers (JSON writes `null`), bigints, functions and symbols,
 * `undefined` or a hole in an array (`null`), cycles, objects that are neither plain nor have a
 * `toJSON` (a Map would go out as `{}`). An object property that is `undefined` is left out, as
 * JSON does.
 */
function jsonFault(value: unknown, path: string, parents: object[]): { path: string; part: unknown } | undefined {
  const here = { path, part: value };
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : here;
  if (typeof value !== 'object' || parents.includes(value)) return here;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return undefined;
  parents.push(value);
  let fault;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && fault === undefined; i++) fault = jsonFault(value[i], `${path}[${i}]`, parents);
  } else if (Object.getPrototypeOf(Object.getPrototypeOf(value) ?? Object.prototype) !== null) {
    fault = here;
  } else {
    for (const [name, item] of Object.entries(value)) {
      fault ??= item === undefined ? undefined : jsonFault(item, `${path}.${name}`, parents);
    }
  }
  parents.pop();
  return fault;
}

/** `value` when it is JSON as `jsonFault` says, else `INVALID_ARGUMENT` naming `argument` or its first bad part. */
export function checkJson(argument: string, value: unknown): void {
  let fault: ReturnType<typeof jsonFault>;
  try {
    fault = jsonFault(value, argument, []);
  } catch {
    // Nested past the stack, or a Proxy whose traps throw.
    fault = { path: argument, part: value };
  }
  if (fault)
    invalid(fault.path, fault.part, 'must be JSON: plain objects, arrays, strings, finite numbers, booleans, null');
}
