import { expect } from 'vitest';
import { SvcError } from '../../src/core/errors';

/** Awaits a promise that must reject with an `SvcError`, and returns that error for assertions. */
export async function failure(promise: Promise<unknown>): Promise<SvcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SvcError);
  return error as SvcError;
}
