import { InvalidArgumentError } from './errors';

/**
 * Throws an `InvalidArgumentError` naming the argument, its value and what was expected.
 * @internal the packages' own argument checks; not part of the published types.
 */
export function invalid(argument: string, value: unknown, expectation: string): never {
  throw new InvalidArgumentError(argument, value, expectation);
}
