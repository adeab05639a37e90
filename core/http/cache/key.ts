/**
 * @module
 * D9: one cache entry per endpoint and normalised parameters. Text is trimmed and case-folded
 * and lists are sorted, so `Daft Punk` and ` daft punk` share an entry; keys are sorted and
 * absent values dropped, so parameter order and defaults do not split entries. The bucket is
 * the canonical path, so aliases and version prefixes share entries too.
 */
import { hash64 } from '../../utils/hash.ts';

function normalise(value: unknown): unknown {
  if (typeof value === 'string') return value.trim().toLowerCase();
  if (Array.isArray(value)) {
    return value.map(normalise).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const inner = (value as Record<string, unknown>)[key];
      if (inner !== undefined) out[key] = normalise(inner);
    }
    return out;
  }
  return value;
}

/**
 * The canonical request string. An endpoint with its own `cacheKey` (e.g. `/resolve`, keyed on
 * source, type and id, where case matters) is taken as given.
 */
export function canonicalRequest(bucket: string, params: unknown, own?: string): string {
  return `${bucket} ${own ?? JSON.stringify(normalise(params ?? {}))}`;
}

/** A canonical request and the storage key its entry is kept under. */
export interface CacheKey {
  canonical: string;
  key: string;
}

/**
 * The storage key of a canonical request: its hash (unstorage drops anything after `?` in a
 * key, and fs keys must stay short); the entry keeps the canonical string, compared on read.
 */
export function cacheKey(canonical: string): CacheKey {
  return { canonical, key: `cache:${hash64(canonical)}` };
}
