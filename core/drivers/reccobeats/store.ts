/**
 * @module
 * Each ISRC's ReccoBeats records in the configured storage, kept for good (a recording's features
 * do not change): no expiry, so with `fs:` or Redis they outlive a restart and every instance
 * sharing the storage shares them. An ISRC ReccoBeats does not know is kept as an empty entry for
 * a day. All records of an ISRC are kept (several releases), so each caller's hint picks among
 * them; the titles and durations looked up to choose are kept with them.
 *
 * Keys are `up:reccobeats:features:<ISRC>`: an ISRC is 12 upper-case letters and digits, which
 * unstorage keeps as is (no `?`, no `:`, no `/`). A dead storage costs one slow call per
 * cool-down (the storage's one breaker, shared with the frame), and features are then fetched
 * without it.
 */
import type { Storage } from '../../storage/storage.ts';
import type { Breaker } from '../../storage/breaker.ts';
import type { Features } from './wire.ts';

/** How long "ReccoBeats does not know this ISRC" is believed. */
const UNKNOWN_SECONDS: number = 24 * 60 * 60;
const VERSION = 1;

export interface StoredRecord {
  id: string;
  href: string | null;
  f: Features;
  /**
   * Title and duration from `/v1/track`, looked up only to choose between releases: absent
   * until looked up, null when ReccoBeats did not list the record there.
   */
  t?: { title: string; durationMs: number } | null;
}

export interface Entry {
  v: number;
  /** The ISRC, upper case: a storage that mangles keys cannot answer another ISRC's entry. */
  k: string;
  /** The provider's records in its order; empty when the ISRC is unknown. */
  r: StoredRecord[];
  /** Unix ms after which the entry is not believed, or null (features: never). */
  until: number | null;
}

const keyOf = (isrc: string): string => `up:reccobeats:features:${isrc}`;

function isEntry(value: unknown, isrc: string): value is Entry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<Entry>;
  return (
    entry.v === VERSION &&
    entry.k === isrc &&
    Array.isArray(entry.r) &&
    (entry.until === null || typeof entry.until === 'number')
  );
}

export interface FeatureStore {
  /** The entries believed now, of those asked that have one. */
  read(isrcs: readonly string[]): Promise<Map<string, Entry>>;
  write(entries: readonly Entry[]): Promise<void>;
  entry(isrc: string, records: StoredRecord[]): Entry;
}

export function featureStore(storage: Storage, now: () => number, guard: Breaker): FeatureStore {
  return {
    async read(isrcs) {
      const found = new Map<string, Entry>();
      await Promise.all(
        isrcs.map(async (isrc) => {
          const value = await guard.run(() => storage.getItem(keyOf(isrc)), null);
          if (isEntry(value, isrc) && (value.until === null || value.until > now())) found.set(isrc, value);
        }),
      );
      return found;
    },
    async write(entries) {
      await Promise.all(
        entries.map((entry) =>
          guard.run(
            () => storage.setItem(keyOf(entry.k), entry, entry.until === null ? {} : { ttl: UNKNOWN_SECONDS }),
            undefined,
          ),
        ),
      );
    },
    entry: (isrc, records) => ({
      v: VERSION,
      k: isrc,
      r: records,
      until: records.length > 0 ? null : now() + UNKNOWN_SECONDS * 1000,
    }),
  };
}
