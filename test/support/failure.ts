import { expect } from 'vitest';
import { SvcError } from '../../src/core/errors';

type ErrorClass<E> = abstract new (...args: never[]) => E;

/** Awaits a promise that must reject with an `E` (default `SvcError`), and returns that error. */
export async function failure<E extends Error = SvcError>(
  promise: Promise<unknown>,
  type: ErrorClass<E> = SvcError as unknown as ErrorClass<E>,
): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

/** Calls `call`, which must throw an `E` synchronously (default `SvcError`), and returns that error. */
export function thrown<E extends Error = SvcError>(
  call: () => unknown,
  type: ErrorClass<E> = SvcError as unknown as ErrorClass<E>,
): E {
  let error: unknown;
  try {
    call();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(type);
  return error as E;
}
