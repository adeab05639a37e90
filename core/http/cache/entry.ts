/**
 * @module
 * What the cache stores and how an entry is answered (D9). Entries are kept as one string
 * (`storedForm`), so every unstorage driver keeps them. Storage keys are a hash of the
 * canonical request (unstorage drops anything after `?` in a key, and fs keys must stay
 * short); the canonical string is kept in the entry and compared on read, so a hash collision
 * is a miss, never a wrong answer.
 */
import type { Context } from 'hono';
import { SleeveError } from '../../errors.ts';
import { versionOf, withGathered, type SleeveEnv } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { Outcome } from '../outcome.ts';
import { hashBytes } from '../../utils/hash.ts';
import type { VersionInfo } from '../versions.ts';

export type CacheState = 'HIT' | 'MISS' | 'STALE';

export interface Entry {
  /** The canonical request, compared on read. */
  k: string;
  status: number;
  /** The JSON body of a 200. */
  body?: string;
  /** The error message of a cached 404 (rendered per version when answered). */
  message?: string;
  /** The parameter a cached 404 names (the error's `param`), when it names one. */
  param?: string;
  extra?: Record<string, unknown>;
  etag: string;
  /** Unix ms after which the entry is stale; null: never (a `forever` policy). */
  freshUntil: number | null;
  /** Seconds for `Cache-Control: max-age`. */
  maxAge: number;
}

/**
 * How an entry is kept in the storage: its fields but the body as JSON on a first line, then
 * the body as it is. Inside JSON the body would be escaped on every write and parsed back on
 * every read: ten times the cost of the write itself for a search answer. A stored value
 * of any other form (an earlier version's object) is no entry: a miss, then overwritten.
 */
const STORED = 'sleeve-cache/1 ';

export function storedForm(entry: Entry): string {
  const { body, ...fields } = entry;
  return STORED + JSON.stringify(fields) + (body === undefined ? '' : `\n${body}`);
}

export function fromStorage(value: unknown): Entry | null {
  if (typeof value !== 'string' || !value.startsWith(STORED)) return null;
  // JSON.stringify escapes every newline in the fields, so the first one ends them.
  const end = value.indexOf('\n');
  try {
    const fields = JSON.parse(end === -1 ? value.slice(STORED.length) : value.slice(STORED.length, end)) as Entry;
    return end === -1 ? fields : { ...fields, body: value.slice(end + 1) };
  } catch {
    return null;
  }
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** An entry held in process: parsed, its body already encoded once. */
export interface Held {
  entry: Entry;
  bytes: Uint8Array<ArrayBuffer> | undefined;
  /** Fresh hits answered from it in this process: how popular it is (`cache/refresh.ts`). */
  hits: number;
  /** From this time (Unix ms) a hit goes to the cache layer, which may refresh it ahead; Infinity: never. */
  aheadAt: number;
  /** An answer with a gap (an outcome's `degraded`, `http/outcome.ts`), held only for the client a deferred answer promised it to: sent `no-store`. */
  degraded?: true;
}

const encoder = new TextEncoder();

export function hold(entry: Entry): Held {
  return {
    entry,
    bytes: entry.body === undefined ? undefined : encoder.encode(entry.body),
    hits: 0,
    aheadAt: Infinity,
  };
}

/** A new 200's entry, held: the body is encoded once, for its ETag and for every answer. */
export function heldOf(
  canonical: string,
  status: number,
  body: string,
  freshUntil: number | null,
  maxAge: number,
): Held {
  const bytes = encoder.encode(body);
  return {
    entry: {
      k: canonical,
      status,
      body,
      etag: `"${hashBytes(bytes)}-${bytes.length.toString(36)}"`,
      freshUntil,
      maxAge,
    },
    bytes,
    hits: 0,
    aheadAt: Infinity,
  };
}

/**
 * The answer for an entry: 200 (or 304 on a matching `If-None-Match`), or a cached 404, with
 * the cache's verdict (and a held 404's error, for the request's log line as for one just made);
 * `age`: a `STALE` answer's `Age` (RFC 9111), in whole seconds. Built once with every header in
 * one plain object (the gathered ones first), never touched after: the Node server then writes
 * it without rebuilding a `Headers`.
 */
export function answer(
  c: Context<SleeveEnv>,
  entry: Entry,
  state: CacheState,
  bytes?: Uint8Array<ArrayBuffer>,
  age?: number,
): Outcome {
  const headers = withGathered(c, age === undefined ? undefined : { Age: String(age) });
  const parts = entryParts(entry, state, headers, c.req.header('if-none-match'), bytes);
  if (!(parts instanceof SleeveError))
    return new Outcome(new Response(parts.body, { status: parts.status, headers: parts.headers }), { cache: state });
  return new Outcome(errorResponse(parts, versionOf(c), headers), { cache: state, error: parts });
}

/**
 * `answer` without a Hono context (the frame's hit path): `headers` is the answer's own new
 * object, holding what the earlier layers gave it; the entry's headers are added to it.
 */
export function answerEntry(
  entry: Entry,
  state: CacheState,
  headers: Record<string, string>,
  ifNoneMatch: string | undefined,
  version: VersionInfo,
  bytes?: Uint8Array<ArrayBuffer>,
): Response {
  const parts = entryParts(entry, state, headers, ifNoneMatch, bytes);
  return parts instanceof SleeveError
    ? errorResponse(parts, version, headers)
    : new Response(parts.body, { status: parts.status, headers: parts.headers });
}

/** Whole seconds since the entry was fetched (RFC 9111 `Age`), for a `STALE` answer. */
export function ageOf(entry: Entry, now: number): number {
  return entry.freshUntil === null
    ? 0
    : Math.max(0, Math.floor((now - (entry.freshUntil - entry.maxAge * 1000)) / 1000));
}

/** In lower case, as Node writes a miss's: `@hono/node-server` lower-cases a name to compare it, and one already lower case comes back as it is, no new string. */
export const CONTENT_LENGTH = 'content-length';

/** What a web Response is made of: the hit path copies a held 200's headers from these. */
interface AnswerParts {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | string | null;
}

/** `answerEntry` as parts: a 200 or a 304, or the error a held 404 is rendered from (with `headers`, in the request's version). */
export function entryParts(
  entry: Entry,
  state: CacheState,
  headers: Record<string, string>,
  ifNoneMatch: string | undefined,
  bytes?: Uint8Array<ArrayBuffer>,
): AnswerParts | SleeveError {
  const cacheControl = state === 'STALE' ? 'public, max-age=0, must-revalidate' : `public, max-age=${entry.maxAge}`;
  if (entry.body === undefined) {
    return new SleeveError('not_found', entry.message ?? 'Not found.', {
      param: entry.param,
      extra: entry.extra,
      headers: { 'X-Cache': state, 'Cache-Control': cacheControl },
    });
  }
  if (matches(ifNoneMatch, entry.etag)) {
    headers.ETag = entry.etag;
    headers['Cache-Control'] = cacheControl;
    headers['X-Cache'] = state;
    return { status: 304, headers, body: null };
  }
  headers['Content-Type'] = 'application/json';
  headers.ETag = entry.etag;
  headers['Cache-Control'] = cacheControl;
  headers['X-Cache'] = state;
  // The held bytes' length, told rather than left to the server: the hit path's copies put it
  // first (`copied`, hit/hit-path.ts), and their answers must stay this one's.
  if (bytes !== undefined) headers[CONTENT_LENGTH] = String(bytes.byteLength);
  return { status: entry.status, headers, body: bytes ?? entry.body };
}
