import { InvalidArgumentError } from './errors';

/**
 * Throws an `InvalidArgumentError` naming the argument, its value and what was expected: how every
 * client refuses an argument before any request.
 */
export function invalid(argument: string, value: unknown, expectation: string): never {
  throw new InvalidArgumentError(argument, value, expectation);
}
