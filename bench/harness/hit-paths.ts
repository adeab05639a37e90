/**
 * @module
 * The cache hits `npm run bench` asks, one path per kind of answer (a small editorial list, a
 * search, a long list, a lookup by ISRC, an answer in an older version's shape), for every bench
 * that measures hits to ask the same ones.
 */
import { BENCH_UA } from './wrk.ts';

/** An ISRC the demo catalogue holds, asked of a running Sleeve. */
async function catalogueIsrc(sleeve: string): Promise<string> {
  const res = await fetch(`${sleeve}/search/all?query=love&types=tracks&limit=1`, {
    headers: { 'user-agent': BENCH_UA },
  });
  const isrc = (await res.json()).tracks?.[0]?.isrc;
  if (typeof isrc !== 'string') throw new Error('no track with an ISRC answers /search/all?query=love');
  return isrc;
}

/** The hit paths, with an ISRC of the catalogue the Sleeve at `sleeve` serves. */
export async function hitPaths(sleeve: string): Promise<string[]> {
  return [
    '/editorial/genres',
    '/search/all?query=love&limit=10',
    '/track/hot?limit=50',
    `/track/isrc?isrc=${await catalogueIsrc(sleeve)}`,
    '/v2.5.0/search/all?query=love&limit=5',
  ];
}
