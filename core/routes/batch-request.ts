/**
 * @module
 * D6: reading and checking a `/batch` body before anything runs. Everything here rejects the
 * whole batch: wrong content type (400: the error table has no 415), over 64 KiB (413), a body
 * that does not arrive in time or is cut off (400), not JSON, not 1 to 20 `{ id?, path }`
 * objects, or a path that is not a relative path of this service (a scheme, `//`, or anything
 * that resolves to another origin).
 */
import * as v from 'valibot';
import { SleeveError } from '../errors.ts';
import { MAX_BODY_BYTES, readJson, type ReadBodyOptions } from '../http/layers/body.ts';
import { validate } from '../http/layers/params.ts';

const MAX_BATCH_BYTES: number = MAX_BODY_BYTES;
const MAX_BATCH_REQUESTS: number = 20;
/** A path of this service: one `/`, not `//` or `/\\` (which a URL parser reads as another host). */
const RELATIVE_PATH = /^\/(?![/\\])/;

/** The body `/batch` takes; also published in `/openapi.json`. */
export const batchBodySchema = v.object(
  {
    requests: v.pipe(
      v.array(
        v.object(
          {
            id: v.optional(v.string('each id must be a string')),
            path: v.pipe(
              v.string('each request needs a path, a string such as /search/all?query=x'),
              // Published as the path's pattern; `readBatch` then refuses what resolves to another origin.
              v.regex(RELATIVE_PATH, 'each path must be a relative path such as /search/all?query=x'),
            ),
          },
          'each request must be an object { "id"?, "path" }',
        ),
        'requests must be an array of { "id"?, "path" } objects',
      ),
      v.minLength(1, `requests must hold 1 to ${MAX_BATCH_REQUESTS} requests`),
      v.maxLength(MAX_BATCH_REQUESTS, `requests must hold 1 to ${MAX_BATCH_REQUESTS} requests`),
    ),
  },
  'the body must be a JSON object { "requests": [...] }',
);

export interface SubRequest {
  id: string;
  url: URL;
}

/** Ids: the index when absent, `_2`, `_3`... on repeats, in order of appearance. */
function uniqueIds(ids: readonly (string | undefined)[]): string[] {
  const seen = new Map<string, number>();
  return ids.map((id, index) => {
    const base = id ?? String(index);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}_${n}`;
  });
}

export async function readBatch(request: Request, within: Omit<ReadBodyOptions, 'max'>): Promise<SubRequest[]> {
  const json = await readJson(request, { ...within, max: MAX_BATCH_BYTES });
  const { requests } = validate(batchBodySchema, json);
  const origin = new URL(request.url).origin;
  const ids = uniqueIds(requests.map((r) => r.id));
  return requests.map(({ path }, index) => {
    const url = RELATIVE_PATH.test(path) ? new URL(path, origin) : undefined;
    if (!url || url.origin !== origin) {
      throw new SleeveError(
        'bad_request',
        `requests.${index}.path must be a relative path such as /search/all?query=x, not ${JSON.stringify(path.slice(0, 100))}`,
        {
          param: `requests.${index}.path`,
        },
      );
    }
    return { id: ids[index]!, url };
  });
}
