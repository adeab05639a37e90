/** @module The four search endpoints. Ranking lives in `services/search/search.ts` (D15). */
import * as v from 'valibot';
import { defineEndpoint } from '../../http/endpoint.ts';
import {
  albumSearchResultSchema,
  artistEntrySchema,
  listOf,
  playlistResultSchema,
  searchAllSchema,
} from '../../schemas/responses/index.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import { csvSubset, integerParam, requiredText } from '../../schemas/params.ts';
import { albumSearchResult } from '../../shape/music/album.ts';
import { artistEntry } from '../../shape/music/artist.ts';
import { playlistResult } from '../../shape/music/playlist.ts';
import { searchAllBody } from '../../shape/music/search.ts';
import {
  artistsByFans,
  rankedAlbums,
  rankedPlaylists,
  SEARCH_TYPES,
  searchAll as runSearchAll,
  topCandidate,
} from '../../services/search/search.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

const searchAllParams = v.object({
  query: requiredText('query'),
  limit: integerParam('limit', 1, 25, 5),
  types: csvSubset('types', SEARCH_TYPES),
});

export const searchAll = defineEndpoint({
  path: '/search/all',
  summary: 'Tracks, artists, albums and playlists matching a query, with the best match on top.',
  since: '2.4.0',
  rateLimit: 60,
  cache: 15 * 60,
  params: searchAllParams,
  example: { query: 'love', limit: '5', types: 'tracks,albums' },
  response: searchAllSchema,
  async handle({ params, deps, scope, base }) {
    const result = await runSearchAll(deps.drivers.music, params.query, params.limit, params.types, scope);
    return searchAllBody(params.query, params.types, result, topCandidate(result), base);
  },
});

/** `query` plus a 1-50 `limit` defaulting to 20: the older search endpoints (albums, artists, playlists). */
const listParams = v.object({ query: requiredText('query'), limit: integerParam('limit', 1, 50, 20) });

interface ListSearch<Path extends `/${string}`, T, O> {
  path: Path;
  summary: string;
  rateLimit: number;
  /** The schema of one item of the answer. */
  item: v.GenericSchema<unknown, O>;
  find(music: MusicDriver, query: string, limit: number, scope: RequestScope): Promise<T[]>;
  shape(item: T, base: string): O;
}

/** One of the older search endpoints: find, then shape each item for the request's base. */
function listSearch<const Path extends `/${string}`, T, O>({
  path,
  summary,
  rateLimit,
  item,
  find,
  shape,
}: ListSearch<Path, T, O>) {
  return defineEndpoint({
    path,
    summary,
    rateLimit,
    cache: 30 * 60,
    params: listParams,
    example: { query: 'love', limit: '5' },
    response: listOf(item),
    async handle({ params, deps, scope, base }) {
      return (await find(deps.drivers.music, params.query, params.limit, scope)).map((found) => shape(found, base));
    },
  });
}

export const searchAlbums = listSearch({
  path: '/search/albums',
  summary: 'Albums matching a query, best first.',
  rateLimit: 60,
  item: albumSearchResultSchema,
  find: rankedAlbums,
  shape: ({ item }, base) => albumSearchResult(item, base),
});

export const searchArtist = listSearch({
  path: '/search/artist',
  summary: 'Artists matching a query, the most followed first.',
  rateLimit: 60,
  item: artistEntrySchema,
  find: artistsByFans,
  shape: artistEntry,
});

export const searchPlaylists = listSearch({
  path: '/search/playlists',
  summary: 'Playlists matching a query, best first.',
  rateLimit: 30,
  item: playlistResultSchema,
  find: rankedPlaylists,
  shape: ({ item }, base) => playlistResult(item, base),
});
