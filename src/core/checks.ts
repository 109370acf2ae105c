// The one vocabulary of option checks: every client describes its options as rows of
// [name, test, expectation] and refuses the first row a value fails, before any request, with an
// InvalidArgumentError naming the option (`config.limit must be an integer 1..50 (got 0)`).
import { invalid } from './invalid';

/** One field's check: its name, the test its value must pass, and what the refusal says it must be. */
export type FieldCheck = readonly [name: string, accepts: (value: unknown) => unknown, expectation: string];

/** `accepts`, passing `undefined` too: for an option that may be left out. */
export const optional =
  (accepts: (value: unknown) => unknown) =>
  (value: unknown): unknown =>
    value === undefined || accepts(value);

/**
 * Checks the fields of `holder` row by row; the first value a test refuses throws
 * `INVALID_ARGUMENT` naming `prefix + name`, the value and the row's expectation.
 */
export function checkFields(holder: unknown, prefix: string, checks: readonly FieldCheck[]): void {
  for (const [name, accepts, expectation] of checks) {
    const value = (holder as Record<string, unknown> | null | undefined)?.[name];
    if (!accepts(value)) invalid(prefix + name, value, expectation);
  }
}
