/**
 * @module
 * D4: each endpoint's valibot schema checks its query. The first issue becomes the 400: its
 * path names the parameter (`error.param`), its message states the rule ("limit must be an
 * integer from 1 to 25"). The typed result is left on the context for the cache and route.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { SleeveError } from '../../errors.ts';
import { queryFormOf } from '../query-form.ts';
import type { SleeveEnv } from '../context.ts';
import type { FrameLayer } from '../frame-chain.ts';
import type { Layer } from '../pipeline.ts';
import { checkUrlLength, readQuery } from './query.ts';
import { detachedString } from '../../utils/detached-string.ts';
import { rawSearch, REMEMBERED_QUERY_LENGTH } from '../query-memo.ts';
import { setBounded } from '../../utils/bounded-map.ts';

export interface ParamsOptions {
  schema?: v.GenericSchema<Record<string, unknown>, unknown>;
  /** The endpoint's own query reader (declaration `readQuery`), instead of the strict one. */
  read?(url: string): Record<string, string>;
}

/** The entries of an object schema (also inside a pipe); null when they cannot be known. */
function entriesOf(schema: unknown): Record<string, v.GenericSchema> | null {
  const s = schema as { entries?: Record<string, v.GenericSchema>; pipe?: readonly unknown[] } | undefined;
  if (s?.entries) return s.entries;
  if (s?.pipe?.[0] && s.pipe[0] !== schema) return entriesOf(s.pipe[0]);
  return null;
}

/** The keys an object schema declares (also inside a pipe); null when they cannot be known. */
function declaredKeys(schema: unknown): ReadonlySet<string> | null {
  const entries = entriesOf(schema);
  return entries ? new Set(Object.keys(entries)) : null;
}

/**
 * The comma-separated list parameters of a schema: those whose published query form is an
 * array. The document publishes them `type: array`, so the reader accepts them as clients
 * generated from it send arrays, repeated (D40); what is published and what is read agree.
 */
export function listKeys(schema: unknown): ReadonlySet<string> {
  return new Set(
    Object.entries(entriesOf(schema) ?? {})
      .filter(([, entry]) => queryFormOf(entry)?.type === 'array')
      .map(([name]) => name),
  );
}

export function validate<P>(schema: v.GenericSchema<any, P>, query: unknown): P {
  const result = v.safeParse(schema, query);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const param = issue ? (v.getDotPath(issue) ?? undefined) : undefined;
  // valibot reports a missing key of an object as its own "Invalid key: …" issue, before the
  // entry's schema (and its message) runs; the message a client reads is "<name> is required".
  const missing = issue?.type === 'object' && issue.received === 'undefined' && param !== undefined;
  throw new SleeveError('bad_request', missing ? `${param} is required` : (issue?.message ?? 'invalid parameters'), {
    param,
  });
}

/**
 * Recently validated query strings per endpoint (at most 256, of at most 512 characters, so
 * at most ~128 KiB each), so a hot request is not re-validated.
 */
const REMEMBERED = 256;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export interface Params {
  /** It readies the route's parameters: the cache's look finds only URLs whose query this layer validated (`remembered`). */
  layer: Layer;
  /** The validated parameters of a raw query string seen before; undefined when not remembered. */
  remembered(search: string): unknown;
}

export function params(options: ParamsOptions): Params {
  const { schema, read } = options;
  const declared = schema ? declaredKeys(schema) : new Set<string>();
  const lists = listKeys(schema);
  // Validation is a pure function of the raw query string, so valid results are remembered
  // and shared, frozen so that no handler can change what the next request receives.
  const valid = new Map<string, unknown>();
  const readies: FrameLayer = (c, next) => {
    const url = c.req.url;
    const search = rawSearch(url);
    let output = valid.get(search);
    if (output === undefined) {
      let query: Record<string, string>;
      if (read) {
        checkUrlLength(url);
        query = read(url);
      } else query = readQuery(url, declared, lists);
      output = deepFreeze(schema ? validate(schema, query) : query);
      if (search.length <= REMEMBERED_QUERY_LENGTH) setBounded(valid, detachedString(search), output, REMEMBERED);
    }
    c.set('sleeve.params', output);
    return next();
  };
  return { layer: { kind: 'readies', readies }, remembered: (search) => valid.get(search) };
}

/** The validated parameters of this request. */
export function paramsOf<P>(c: Context<SleeveEnv>): P {
  return c.get('sleeve.params') as P;
}
