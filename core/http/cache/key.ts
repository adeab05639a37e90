/**
 * @module
 * D9, D58: one cache entry per endpoint and validated parameters, exactly as the handler is given
 * them. The key never folds what the handler tells apart: `ZzQ1 Hello` and `zzq1 hello` are two
 * entries, each answering (and echoing) its own spelling. What the parameters' schemas already
 * make one is one entry: text they trim (` daft punk` is `daft punk`), a code they upper-case
 * (an ISRC), a list they check and order, a default filled in, a number written two ways, an
 * unknown parameter dropped. An endpoint that should share an entry across spellings folds in
 * its schema, so that its handler reads (and answers) the folded form. Keys are sorted and absent
 * values dropped, so parameter order does not split entries. The bucket is the canonical path, so
 * aliases and version prefixes share entries too.
 */
import { hash64 } from '../../utils/hash.ts';

/** The parameters as the handler reads them, their object keys sorted and absent values dropped. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const inner = (value as Record<string, unknown>)[key];
      if (inner !== undefined) out[key] = sorted(inner);
    }
    return out;
  }
  return value;
}

/**
 * Marks a key of the parameters as read (D58). Before, text was case-folded into the key, so a
 * kept entry's string could equal a new key while its body echoed another caller's spelling; with
 * the mark, no entry an earlier version kept (in Redis, an fs directory) is ever found by a new key.
 */
const AS_READ = '=';

/**
 * The canonical request string. An endpoint with its own `cacheKey` (e.g. `/resolve`, keyed on
 * the source, type and id a link names, whatever its spelling) is taken as given.
 */
export function canonicalRequest(bucket: string, params: unknown, own?: string): string {
  return own === undefined ? `${bucket} ${AS_READ}${JSON.stringify(sorted(params ?? {}))}` : `${bucket} ${own}`;
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
