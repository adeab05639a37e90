/**
 * @module
 * A Worker's settings: its vars are Sleeve's variables (`SLEEVE_MODE`, `SLEEVE_DEEZER_URL`, …,
 * read as `npm start` reads the environment), and two bindings choose where state lives (D47):
 * `SLEEVE_KV`, a KV namespace, holds the cache; `SLEEVE_COUNTERS`, the `SleeveCounters`
 * Durable Object, counts the rate limits and the upstream budget for every isolate. Without
 * them, each isolate caches and counts on its own.
 */
import type { SleeveOptions } from '../../core/index.ts';
import { ConfigError, optionsFromEnv } from '../../core/wiring/config.ts';
import { settingWarnings } from '../../core/wiring/setting-warnings.ts';
import { durableCounters } from './counters-object.ts';
import { kvStorage } from './kv-storage.ts';
import type { DurableObjectNamespace, KvNamespace } from './platform.ts';

/** The Worker's `env`: its vars (strings) and its bindings. */
export interface WorkerEnv {
  SLEEVE_KV?: KvNamespace;
  SLEEVE_COUNTERS?: DurableObjectNamespace;
  [name: string]: unknown;
}

/** The bindings a Worker reads by name, beside its vars. */
const BINDINGS = ['SLEEVE_KV', 'SLEEVE_COUNTERS'] satisfies (keyof WorkerEnv)[];

export function workerOptions(env: WorkerEnv): SleeveOptions {
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (typeof value === 'string') vars[name] = value;
  const { options, catalogPath } = optionsFromEnv(vars);
  // Said once, as the isolate makes its Sleeve: a misspelt var or binding would be ignored (D67).
  for (const line of settingWarnings(env, { alsoKnown: BINDINGS })) console.warn(`[sleeve] ${line}`);
  // A Worker reads no files and opens no sockets but its bindings': say so at the variable.
  if (catalogPath !== undefined)
    throw new ConfigError('SLEEVE_CATALOG', 'unset on Workers (no file system)', catalogPath);
  if (typeof options.storage === 'string' && options.storage !== 'memory')
    throw new ConfigError(
      'SLEEVE_STORAGE',
      'memory or unset on Workers (bind a KV namespace as SLEEVE_KV)',
      options.storage,
    );
  return {
    ...options,
    ...(env.SLEEVE_KV ? { storage: kvStorage(env.SLEEVE_KV) } : {}),
    ...(env.SLEEVE_COUNTERS ? { counters: durableCounters(env.SLEEVE_COUNTERS) } : {}),
  };
}
