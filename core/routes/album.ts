/**
 * @module
 * Spec §4.14–§4.15: `/album/info` (by `id` or `query`), `/album/tracks` (the tracklist with
 * ISRCs §4.14 names; its shape is in the README) and `/album/new-releases`.
 */
import * as v from 'valibot';
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';
import { idParam, integerParam, optionalText } from '../schemas/params.ts';
import { fullAlbum, newRelease } from '../shape/album.ts';
import { albumTracklist } from '../shape/album-tracks.ts';
import { baseUrlOf } from '../shape/urls.ts';
import { allAlbumTracks, latestReleases, requireAlbum } from '../services/album.ts';

const infoParams = v.pipe(
  v.object({ id: v.optional(idParam('id')), query: optionalText('query') }),
  v.forward(v.check((p) => p.id !== undefined || p.query !== undefined, 'give id or query'), ['id']),
);

export const albumInfo: Endpoint<unknown> = defineEndpoint({
  path: '/album/info',
  rateLimit: 60,
  cache: 60 * 60,
  params: infoParams,
  async handle({ params, deps, request }) {
    const { music } = deps.sources;
    const album = await requireAlbum(music, params, request.signal);
    const tracks = await allAlbumTracks(music, album.id, request.signal);
    return fullAlbum(album, tracks, baseUrlOf(deps.options.baseUrl, request));
  },
});

/** Spec §4.21: 60 a minute and an hour's cache, like `/album/info`. */
export const albumTracks: Endpoint<unknown> = defineEndpoint({
  path: '/album/tracks',
  rateLimit: 60,
  cache: 60 * 60,
  params: infoParams,
  async handle({ params, deps, request }) {
    const { music } = deps.sources;
    const album = await requireAlbum(music, params, request.signal);
    return albumTracklist(album, await allAlbumTracks(music, album.id, request.signal));
  },
});

const newParams = v.object({ limit: integerParam('limit', 1, 50, 20) });

export const albumNewReleases: Endpoint<unknown> = defineEndpoint({
  path: '/album/new-releases',
  rateLimit: 30,
  cache: 60 * 60,
  params: newParams,
  async handle({ params, deps, request }) {
    const base = baseUrlOf(deps.options.baseUrl, request);
    return (await latestReleases(deps.sources.music, params.limit, request.signal)).map((a) => newRelease(a, base));
  },
});
