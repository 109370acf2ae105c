import { expect } from 'vitest';
import { InvalidArgumentError, type SvcError } from '../../src/core/errors';
import { failure } from '../support/failure';
import type { MockContext } from '../support/mock-server';

export const BASE = 'https://stash.svc.example/stash/v1.1';

/** What was sent, reduced to method, URL and JSON body. */
export const requests = async (mock: MockContext) =>
  (await mock.sent()).map((r) => ({ method: r.method, url: r.url.href, json: r.json }));

/** The error `run` throws or rejects with (fails the test when it succeeds). */
export const errorOf = (run: () => unknown): Promise<SvcError> => failure(Promise.resolve().then(run));

/** Asserts `run` is refused with INVALID_ARGUMENT naming `argument`, and that nothing was sent. */
export async function refused(mock: MockContext, run: () => unknown, argument: string): Promise<InvalidArgumentError> {
  const error = await errorOf(run);
  expect(error).toBeInstanceOf(InvalidArgumentError);
  expect(error.code).toBe('INVALID_ARGUMENT');
  expect((error as InvalidArgumentError).argument).toBe(argument);
  expect(await mock.sent()).toEqual([]);
  return error as InvalidArgumentError;
}
