/**
 * @module
 * What the process holds, for `/metrics` (`processMemory`, issue #42): its resident set and
 * its JavaScript heap, used and allowed. Node, Bun and Deno all answer `process.memoryUsage()`
 * and `node:v8`; a limit a runtime does not report (JavaScriptCore has none) is left out.
 */
import process from 'node:process';
import { getHeapStatistics } from 'node:v8';
import type { ProcessMemory } from '../../core/index.ts';

export function processMemory(): ProcessMemory {
  const { rss, heapUsed } = process.memoryUsage();
  const limit = 'Bun' in globalThis ? 0 : getHeapStatistics().heap_size_limit;
  return { residentBytes: rss, heapUsedBytes: heapUsed, ...(limit > 0 ? { heapLimitBytes: limit } : {}) };
}
