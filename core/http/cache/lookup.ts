/**
 * @module
 * What the hit path found for a URL it could not answer: the cache key it knew and the entry
 * held in process under it (absent, no longer fresh, or due for a refresh ahead). The full
 * frame's cache layer takes it on (`bindings(c).sleeveLookup`), so a miss looks its answer up
 * once: in process here, then in the storage there.
 */
import type { Held } from './entry.ts';
import type { HitLookup } from '../context.ts';
import type { CacheKey } from './key.ts';

export class Lookup implements HitLookup {
  /** The URL it was made for: the cache layer takes it on only for that very URL. */
  readonly url: string;
  /** The cache layer that made it: only that one takes it on. */
  readonly scope: object;
  readonly known: CacheKey;
  readonly held: Held | undefined;
  constructor(url: string, scope: object, known: CacheKey, held: Held | undefined) {
    this.url = url;
    this.scope = scope;
    this.known = known;
    this.held = held;
  }
}
