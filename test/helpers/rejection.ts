/**
 * @module
 * What a promise is rejected with, checked to be the one error type every layer throws: the
 * way source and driver tests look at a failure's code, status, message and headers.
 */
import { expect } from 'vitest';
import { SleeveError } from '../../core/errors.ts';

export async function rejection(promise: Promise<unknown>): Promise<SleeveError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SleeveError);
  return error as SleeveError;
}
