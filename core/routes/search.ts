/** @module Spec §4.1–§4.4: the four search endpoints. Ranking lives in `services/search.ts` (D15). */
import * as v from 'valibot';
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';
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

export const searchAlbums: Endpoint<unknown> = defineEndpoint({
  path: '/search/albums',
  rateLimit: 60,
  cache: 30 * 60,
  params: listParams,
  async handle({ params, deps, request }) {
    const base = baseUrlOf(deps.options.baseUrl, request);
    const ranked = await rankedAlbums(deps.sources.music, params.query, params.limit, request.signal);
    return ranked.map(({ item }) => albumSearchResult(item, base));
  },
});

export const searchArtist: Endpoint<unknown> = defineEndpoint({
  path: '/search/artist',
  rateLimit: 60,
  cache: 30 * 60,
  params: listParams,
  async handle({ params, deps, request }) {
    const base = baseUrlOf(deps.options.baseUrl, request);
    const artists = await artistsByFans(deps.sources.music, params.query, params.limit, request.signal);
    return artists.map((artist) => artistEntry(artist, base));
  },
});

export const searchPlaylists: Endpoint<unknown> = defineEndpoint({
  path: '/search/playlists',
  rateLimit: 30,
  cache: 30 * 60,
  params: listParams,
  async handle({ params, deps, request }) {
    const base = baseUrlOf(deps.options.baseUrl, request);
    const ranked = await rankedPlaylists(deps.sources.music, params.query, params.limit, request.signal);
    return ranked.map(({ item }) => playlistResult(item, base));
  },
});
