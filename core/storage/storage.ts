/**
 * @module
 * The part of an unstorage `Storage` that Sleeve uses, declared here rather than imported, so
 * that Sleeve's published declarations never name unstorage's types: unstorage's index names
 * every built-in driver, and each driver's declarations import its optional peer
 * (`@azure/cosmos`, `db0`, `@deno/kv` …), which a TypeScript project without `skipLibCheck`
 * then fails to find. Any unstorage instance (`createStorage(…)`) fits this shape as it is.
 */
export interface Storage {
  hasItem(key: string): Promise<boolean>;
  getItem<T = unknown>(key: string): Promise<T | null>;
  /** `ttl` in seconds, for the drivers that keep one (Redis, Sleeve's memory driver). */
  setItem(key: string, value: unknown, options?: { ttl?: number }): Promise<void>;
  removeItem(key: string): Promise<void>;
  /** The driver at the root: what the rate-limit counters look at to use Redis's own `INCR`. */
  getMount(key?: string): { driver: StorageDriver };
  dispose(): Promise<void>;
}

/** What Sleeve reads of a storage's driver: its name, and the client underneath (`getInstance`). */
interface StorageDriver {
  name?: string;
  getInstance?: () => unknown;
}
