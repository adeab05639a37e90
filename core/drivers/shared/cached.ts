/**
 * @module
 * Named per-call caches, in the manner of unjs/ungh: each upstream call is one small function
 * wrapped in a cache with its own lifetime, kept in the configured storage, so an object
 * fetched for one endpoint is not fetched again for the next, and instances sharing Redis
 * share it. Identical calls in flight coalesce into one upstream request (`shared-work.ts`).
 * A null answer ("no such thing") is kept for five minutes.
 */
import type { Storage } from '../../storage/storage.ts';
import { hash64 } from '../../utils/hash.ts';
import type { Breaker } from '../../storage/breaker.ts';
import type { Clock } from '../kit/clock.ts';
// A cached call is given what any driver call is: its request's scope (none for a call no request made).
import type { CallOptions } from '../contracts/driver.ts';
import type { RequestScope } from '../kit/scope.ts';
import { shareWork, type SharedWork } from '../kit/shared-work.ts';
import { inFlight } from '../../utils/in-flight.ts';

/** Whose call a named cache wraps: `deezer:album` is Deezer's. */
const upstreamOf = (name: string): string => name.split(':')[0] ?? name;

/** D9: not-found answers are kept five minutes. */
export const MISSING_SECONDS = 300;

interface CachedSpec<A, T> {
  /** Names the call in storage keys: `deezer:track`. Unique per upstream call. */
  name: string;
  /** Seconds to keep an answer, or `forever` for what never changes (an ISRC's features). */
  maxAge: number | 'forever';
  /** Seconds to keep this answer when it says so itself (a signed URL's expiry); else `maxAge`. */
  maxAgeOf?(value: T): number | undefined;
  /** Seconds to keep a null answer; `MISSING_SECONDS` unless said otherwise. */
  missingMaxAge?: number;
  /** The upstream call: given its arguments, and its first caller's scope, whose signal aborts once nobody waits for it. */
  run(args: A, scope: RequestScope): Promise<T | null>;
}

/** Answers from the cache, or from one shared run of the upstream call. Arguments are plain JSON. */
export interface CachedCall<A, T> {
  (args: A, options?: CallOptions): Promise<T | null>;
  /**
   * Stores what another upstream call just answered for `args`, under this call's key and
   * lifetime: one entity fetched by either of two calls (a track by ISRC is the track by its id)
   * is then fetched once. Only for answers fresh from the upstream, never for cached ones,
   * so an entry never outlives the lifetime its own call gives it.
   */
  keep(args: A, value: T | null): Promise<void>;
}

export type Cacher = <A, T>(spec: CachedSpec<A, T>) => CachedCall<A, T>;

interface Stored<T> {
  /** The whole key, since the storage key holds only its hash. */
  k: string;
  v: T | null;
  /** Unix ms, or null for `forever`. */
  until: number | null;
}

export interface CacherOptions {
  storage: Storage;
  /** The storage's breaker: while it is open, calls go straight to the upstream. */
  breaker: Breaker;
  /** The Sleeve's clock: entries' lifetimes, and joiners' bounds timed on it. */
  clock: Clock;
}

export function createCacher({ storage, breaker, clock }: CacherOptions): Cacher {
  const { now } = clock;
  const flights = inFlight<SharedWork<unknown>>();

  return <A, T>(spec: CachedSpec<A, T>): CachedCall<A, T> => {
    const keep = (storageKey: string, key: string, value: T | null) => {
      const seconds =
        value === null ? (spec.missingMaxAge ?? MISSING_SECONDS) : (spec.maxAgeOf?.(value) ?? spec.maxAge);
      if (seconds !== 'forever' && seconds <= 0) return undefined;
      const stored: Stored<T> = { k: key, v: value, until: seconds === 'forever' ? null : now() + seconds * 1000 };
      return breaker.run(
        () => storage.setItem(storageKey, stored, seconds === 'forever' ? {} : { ttl: seconds }),
        undefined,
      );
    };

    // Arguments are numbers, strings and plain records built in one order: JSON names them exactly.
    // Storage keys drop everything after a `?` (unstorage normalises keys): hash the key, keep it whole inside.
    const keyOf = (args: A) => {
      const key = JSON.stringify(args);
      return { key, storageKey: `up:${spec.name}:${hash64(key)}` };
    };

    const ask = async (args: A, options?: CallOptions): Promise<T | null> => {
      options?.scope?.signal.throwIfAborted();
      const { key, storageKey } = keyOf(args);
      const stored = await breaker.run(() => storage.getItem<Stored<T>>(storageKey), null);
      if (stored && stored.k === key && (stored.until === null || stored.until > now())) return stored.v;

      const id = `${spec.name}\n${key}`;
      const flight = flights.share(id, (forget) =>
        shareWork(
          async (scope) => {
            try {
              const value = await spec.run(args, scope);
              await keep(storageKey, key, value);
              return value;
            } finally {
              forget();
            }
          },
          forget,
          upstreamOf(spec.name),
          clock,
        ),
      ) as SharedWork<T | null>;
      return flight.join(options?.scope);
    };
    return Object.assign(ask, {
      keep: async (args: A, value: T | null): Promise<void> => {
        const { key, storageKey } = keyOf(args);
        await keep(storageKey, key, value);
      },
    });
  };
}
