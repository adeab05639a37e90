/**
 * D58: a cached answer depends on exactly what its handler reads. Over every cached endpoint of
 * the route table, each parameter of its example is sent in a second spelling (its letters' case
 * swapped): where the handler is given something else (its validated parameters differ), the
 * second spelling is an entry of its own, and each spelling is answered (by the frame, then by
 * the hit path) as it was the first time; where the handler folds (the same parameters, or an
 * own key that is the same), one entry is fine, and it answers what the handler answers the
 * second spelling afresh.
 */
import { isDeepStrictEqual } from 'node:util';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { canonicalRequest } from '../../../core/http/cache/key.ts';
import type { AnyEndpoint } from '../../../core/http/endpoint.ts';
import { endpoints } from '../../../core/routes/index.ts';
import { makeSleeve, q, UA } from '../../helpers/routes/client.ts';
import type { Sleeve } from '../../../core/index.ts';

const cachedGets = (endpoints as readonly AnyEndpoint[]).filter(
  (e) => e.cache !== undefined && e.cache !== 'no-store' && (e.method ?? 'GET') === 'GET',
);

/** Every letter's case swapped: `The Narrow Trains` is `tHE nARROW tRAINS`. */
const swapCase = (text: string): string =>
  [...text].map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase())).join('');

interface Got {
  status: number;
  cache: string | null;
  body: string;
}

async function get(sleeve: Sleeve, path: string): Promise<Got> {
  const res = await sleeve.fetch(new Request(`http://sleeve.test${path}`, { headers: { 'user-agent': UA } }));
  return { status: res.status, cache: res.headers.get('x-cache'), body: await res.text() };
}

/** What the handler is given for a query, or undefined when it is refused (a 400, never kept). */
function parsed(endpoint: AnyEndpoint, query: Record<string, string>): unknown {
  const result = v.safeParse(endpoint.params ?? v.object({}), query);
  return result.success ? result.output : undefined;
}

/** The endpoint's own key for the parameters (`/resolve`, `/track/hot`), if it declares one. */
function ownKey(endpoint: AnyEndpoint, params: unknown, path: string, sleeve: Sleeve): string | undefined {
  const request = new Request(`http://sleeve.test${path}`, { headers: { 'user-agent': UA } });
  return endpoint.cacheKey?.(params as never, request, sleeve.deps);
}

describe('every cached endpoint keys its answers on what its handler reads (D58)', () => {
  it('covers every cached GET of the route table, each with parameters given an example to vary', () => {
    expect(cachedGets.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/search/all', '/live', '/resolve', '/track/hot', '/assistant']),
    );
    for (const endpoint of cachedGets) if (endpoint.params) expect(endpoint.example, endpoint.path).toBeDefined();
  });

  // One Sleeve for them all: each endpoint's entries are its own (the bucket is its path).
  const sleeve = makeSleeve();
  it.each(cachedGets.map((endpoint) => [endpoint.path, endpoint] as const))('%s', async (path, endpoint) => {
    const example = endpoint.example ?? {};
    const first = `${path}?${q(example)}`;
    const given = parsed(endpoint, example);
    for (const [name, value] of Object.entries(example)) {
      const other = swapCase(value);
      if (other === value) continue;
      const variant = { ...example, [name]: other };
      const read = parsed(endpoint, variant);
      if (read === undefined) continue;
      const second = `${path}?${q(variant)}`;
      const a = await get(sleeve, first);
      const b = await get(sleeve, second);
      const kept = (got: Got) => got.cache === 'MISS' || got.cache === 'HIT';
      const own = endpoint.cacheKey !== undefined;
      const folded = own
        ? ownKey(endpoint, given, first, sleeve) === ownKey(endpoint, read, second, sleeve)
        : isDeepStrictEqual(given, read);
      if (!folded) {
        // Two things the handler tells apart: two keys (checked on the key itself too, for the
        // routes demo mode answers with an uncached 503: the lyrics, the knowledge, the AI routes),
        if (!own) expect(canonicalRequest(path, read), second).not.toBe(canonicalRequest(path, given));
        // two entries, never the first one's answer.
        expect(b.cache, `${second} after ${first}`).not.toBe('HIT');
        if (kept(b)) expect(b.cache).toBe('MISS');
      } else if (kept(b)) {
        // One entry: it answers what the handler answers this spelling afresh.
        const fresh = await get(makeSleeve(), second);
        expect(b.body, `${second} after ${first}`).toBe(fresh.body);
      }
      // Again, now through the hit path: each spelling answered as before.
      for (const [url, got] of [
        [first, a],
        [second, b],
      ] as const) {
        const again = await get(sleeve, url);
        expect(again.status, url).toBe(got.status);
        if (kept(got)) {
          expect(again.cache, url).toBe('HIT');
          expect(again.body, url).toBe(got.body);
        }
      }
    }
  });
});

describe('each spelling echoed as its caller wrote it (D58)', () => {
  it('/search/all: two spellings of a query are two entries, each echoing its own', async () => {
    const sleeve = makeSleeve();
    const first = await get(sleeve, '/search/all?query=ZzQ1%20HeLLo');
    const second = await get(sleeve, '/search/all?query=zzq1%20hello');
    expect([first.status, first.cache, second.status, second.cache]).toEqual([200, 'MISS', 200, 'MISS']);
    expect(JSON.parse(first.body).query).toBe('ZzQ1 HeLLo');
    expect(JSON.parse(second.body).query).toBe('zzq1 hello');
    // Held now: the hit path answers each its own too.
    for (const [query, echoed] of [
      ['zzq1%20hello', 'zzq1 hello'],
      ['ZzQ1%20HeLLo', 'ZzQ1 HeLLo'],
    ]) {
      const again = await get(sleeve, `/search/all?query=${query}`);
      expect(again.cache).toBe('HIT');
      expect(JSON.parse(again.body).query).toBe(echoed);
    }
    // What the schema trims is one entry: the handler reads the same text.
    const spaced = await get(sleeve, '/search/all?query=%20zzq1%20hello%20');
    expect(spaced.cache).toBe('HIT');
    expect(JSON.parse(spaced.body).query).toBe('zzq1 hello');
  });

  it("/live: an unknown station's 404 is not answered for the station it is not", async () => {
    const sleeve = makeSleeve();
    const unknown = await get(sleeve, '/live?station=SLEEVE');
    expect([unknown.status, unknown.cache]).toEqual([404, 'MISS']);
    const known = await get(sleeve, '/live?station=sleeve');
    expect([known.status, known.cache]).toEqual([200, 'MISS']);
    expect((await get(sleeve, '/live?station=SLEEVE')).status).toBe(404);
    expect((await get(sleeve, '/live?station=sleeve')).status).toBe(200);
  });
});
