/**
 * @module
 * A mark on errors of one kind, kept beside them rather than in them (a WeakSet: the error
 * stays the plain `SleeveError` every layer renders): a call worth another try (`call.ts`), a
 * background call dropped, a refusal for want of a turn in time (`budget.ts`).
 */
export interface ErrorMark {
  /** Marks `error` and hands it back. */
  mark<E extends object>(error: E): E;
  has(error: unknown): boolean;
}

export function errorMark(): ErrorMark {
  const marked = new WeakSet<object>();
  return {
    mark(error) {
      marked.add(error);
      return error;
    },
    has: (error) => typeof error === 'object' && error !== null && marked.has(error),
  };
}
