/** @module Spec §4.1–§4.4: the four search endpoints. Ranking lives in `services/search.ts` (D15). */
import * as v from 'valibot';
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';
import type { MusicSource } from '../sources/types.ts';
import { csvSubset, integerParam, requiredText } from '../schemas/params.ts';
import { albumSearchResult } from '../shape/album.ts';
import { artistEntry } from '../shape/artist.ts';
import { playlistResult } from '../shape/playlist.ts';
import { searchAllBody } from '../shape/search.ts';
import { baseUrlOf } from '../shape/urls.ts';
import { artistsByFans, rankedAlbums, rankedPlaylists, SEARCH_TYPES, searchAll as runSearchAll, topCandidate } from '../services/search.ts';

const searchAllParams = v.object({
  query: requiredText('query'),
  limit: integerParam('limit', 1, 25, 5),
  types: csvSubset('types', SEARCH_TYPES),
});

export const searchAll: Endpoint<unknown> = defineEndpoint({
  path: '/search/all',
  rateLimit: 60,
  cache: 15 * 60,
  params: searchAllParams,
  async handle({ params, deps, request }) {
    const result = await runSearchAll(deps.sources.music, params.query, params.limit, params.types, request.signal);
    return searchAllBody(params.query, params.types, result, topCandidate(result), baseUrlOf(deps.options.baseUrl, request));
  },
});

/** `query` plus a 1-50 `limit` defaulting to 20: the older search endpoints (spec §4.2–§4.4). */
const listParams = v.object({ query: requiredText('query'), limit: integerParam('limit', 1, 50, 20) });

/** One of the older search endpoints: find, then shape each item for the request's base. */
function listSearch<T>(
  path: `/${string}`, rateLimit: number,
  find: (music: MusicSource, query: string, limit: number, signal: AbortSignal) => Promise<T[]>,
  shape: (item: T, base: string) => unknown,
): Endpoint<unknown> {
  return defineEndpoint({
    path,
    rateLimit,
    cache: 30 * 60,
    params: listParams,
    async handle({ params, deps, request }) {
      const base = baseUrlOf(deps.options.baseUrl, request);
      return (await find(deps.sources.music, params.query, params.limit, request.signal)).map((item) => shape(item, base));
    },
  });
}

export const searchAlbums: Endpoint<unknown> = listSearch(
  '/search/albums', 60, rankedAlbums, ({ item }, base) => albumSearchResult(item, base),
);

export const searchArtist: Endpoint<unknown> = listSearch('/search/artist', 60, artistsByFans, artistEntry);

export const searchPlaylists: Endpoint<unknown> = listSearch(
  '/search/playlists', 30, rankedPlaylists, ({ item }, base) => playlistResult(item, base),
);
