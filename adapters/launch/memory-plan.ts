/**
 * @module
 * How much memory an instance needs, and what heap its runtime is given, from the one cache
 * bound (`SLEEVE_CACHE_MB`, `core/storage/cache-bound.ts`) and, where readable, the
 * container's limit. Pure: the launcher (`heap-limit.ts`) turns the plan into each runtime's
 * own setting, and start-up (`start.ts`) says in one line when the container is too small.
 *
 * The figures are MiB, measured with `npm run bench:memory` on Node 20 (docs/performance.md):
 * - the runtime outside its JavaScript heap (code, buffers, the allocator's own): `RUNTIME_MB`;
 * - the heap without caches: Sleeve's code, the built-in demo catalogue (45 MB live after a
 *   forced GC) and the bounded per-client state: `HEAP_BASE_MB`; a catalogue file adds about
 *   `CATALOG_HEAP_PER_FILE_BYTE` times its size;
 * - the answer cache counted as the heap holds it, given half again as room to collect in, so
 *   a full cache never leaves the collector short (`HEAP_PER_CACHE_MB`);
 * - the young generation the runtime keeps beside the old one: three semi-spaces of
 *   `SEMI_SPACE_MB`, the size Node 20 picks and Node 24 and Deno are held to (they pick 32-64);
 * - pictures and PNG cards, held as bytes outside the heap: three quarters of the bound.
 */
import { cacheBytes, DEFAULT_CACHE_MB, MIN_CACHE_MB } from '../../core/storage/cache-bound.ts';

const RUNTIME_MB = 64;
const HEAP_BASE_MB = 64;
const HEAP_PER_CACHE_MB = 1.5;
export const SEMI_SPACE_MB = 16;
export const YOUNG_MB = 3 * SEMI_SPACE_MB;
const CATALOG_HEAP_PER_FILE_BYTE = 4;

const MIB = 1024 * 1024;
/** Outside the heap, per MiB of the bound: pictures (1/2) and cards (1/4). */
const BYTES_PER_CACHE_MB = (cacheBytes(1).images + cacheBytes(1).cards) / MIB;

export interface MemoryInputs {
  /** `SLEEVE_CACHE_MB` as set, or undefined for the default (which a small container lowers). */
  cacheMb: number | undefined;
  /** The container's memory limit in bytes (cgroup), undefined where there is none. */
  containerBytes: number | undefined;
  /** The size of the catalogue file (`SLEEVE_CATALOG`) in bytes, if one is served. */
  catalogBytes?: number;
}

export interface MemoryPlan {
  cacheMb: number;
  /** The old generation's limit: V8's `--max-old-space-size`. */
  heapMb: number;
  /** What the whole process may reach: give the container this, plus a margin. */
  needMb: number;
  /** The container's limit in MiB, where there is one. */
  containerMb: number | undefined;
  /** One line for start-up when the container is smaller than the settings need. */
  warning: string | undefined;
}

const heapFor = (cacheMb: number, catalogMb: number) =>
  Math.ceil(HEAP_BASE_MB + catalogMb * CATALOG_HEAP_PER_FILE_BYTE + cacheMb * HEAP_PER_CACHE_MB);
const needFor = (cacheMb: number, catalogMb: number) =>
  Math.ceil(RUNTIME_MB + YOUNG_MB + heapFor(cacheMb, catalogMb) + cacheMb * BYTES_PER_CACHE_MB);

export function memoryPlan({ cacheMb, containerBytes, catalogBytes = 0 }: MemoryInputs): MemoryPlan {
  const catalogMb = catalogBytes / MIB;
  const containerMb = containerBytes === undefined ? undefined : Math.floor(containerBytes / MIB);
  // The largest bound whose need fits the container, from needFor's slope.
  const fitting =
    containerMb === undefined
      ? Infinity
      : Math.floor((containerMb - needFor(0, catalogMb)) / (HEAP_PER_CACHE_MB + BYTES_PER_CACHE_MB));
  // Unset, the default shrinks to what the container holds; set, it is the operator's word.
  const chosen = cacheMb ?? Math.max(MIN_CACHE_MB, Math.min(DEFAULT_CACHE_MB, fitting));
  const needMb = needFor(chosen, catalogMb);
  const short = containerMb !== undefined && needMb > containerMb;
  const lower =
    fitting >= MIN_CACHE_MB ? `lower SLEEVE_CACHE_MB to ${fitting}` : 'SLEEVE_CACHE_MB cannot go low enough';
  const warning = short
    ? `sleeve: the container's memory limit is ${containerMb} MiB, below the ${needMb} MiB this instance may use with SLEEVE_CACHE_MB=${chosen}${catalogBytes ? ' and its catalogue' : ''}: ${lower}, or raise the limit`
    : undefined;
  return { cacheMb: chosen, heapMb: heapFor(chosen, catalogMb), needMb, containerMb, warning };
}
