/**
 * @module
 * The few Workers platform types this adapter touches, written here so the package builds and
 * typechecks without `@cloudflare/workers-types` (as `sleeve/deno` types its slice of `Deno`).
 */

/** A Workers KV namespace binding (`[[kv_namespaces]]` in wrangler.toml). */
export interface KvNamespace {
  get(key: string, type?: 'text'): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
  list(options?: { prefix?: string; cursor?: string }): Promise<{
    keys: { name: string }[];
    list_complete: boolean;
    cursor?: string;
  }>;
}

/** A Durable Object namespace binding (`[[durable_objects.bindings]]`). */
export interface DurableObjectNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(input: string, init?: RequestInit): Promise<Response> };
}

/** What a Durable Object is given: its own transactional storage. */
export interface DurableObjectState {
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put<T>(key: string, value: T): Promise<void>;
    deleteAll(): Promise<void>;
    setAlarm(scheduledTime: number): Promise<void>;
  };
}

/** The third argument of a Worker's `fetch`. */
export interface ExecutionContext {
  waitUntil(work: Promise<unknown>): void;
}
