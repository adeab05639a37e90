/** @module Lazily made, shared values whose making may fail (files read on first use: /docs, PNG cards). */

/** Made on first call and kept; a failure is forgotten, so the next call tries again. */
export function keptOnSuccess<T>(make: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    if (kept === undefined) {
      kept = make();
      kept.catch(() => (kept = undefined));
    }
    return kept;
  };
}
