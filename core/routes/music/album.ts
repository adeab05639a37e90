/**
 * @module
 * `/album/info` (by `id` or `query`), `/album/tracks` (the tracklist with each track's
 * ISRC; its shape is in docs/endpoints.md) and `/album/new-releases`.
 */
import * as v from 'valibot';
import { defineEndpoint } from '../../http/endpoint.ts';
import { idParam, integerParam, optionalText } from '../../schemas/params.ts';
import { fullAlbum, newRelease } from '../../shape/music/album.ts';
import { albumTracklist } from '../../shape/music/album-tracks.ts';
import { albumInfoTracks, allAlbumTracks, latestReleases, requireAlbum } from '../../services/music/album.ts';
import { albumTracklistSchema, fullAlbumSchema, listOf, newReleaseSchema } from '../../schemas/responses/index.ts';

const infoParams = v.pipe(
  v.object({ id: v.optional(idParam('id')), query: optionalText('query') }),
  v.forward(
    v.check((p) => p.id !== undefined || p.query !== undefined, 'give id or query'),
    ['id'],
  ),
);

export const albumInfo = defineEndpoint({
  path: '/album/info',
  summary: 'One album with its tracks, by id or by a query such as "artist title".',
  rateLimit: 60,
  cache: 60 * 60,
  params: infoParams,
  example: { id: '10000791', query: 'The Cypress Years' },
  response: fullAlbumSchema,
  async handle({ params, deps, scope, base }) {
    const { music } = deps.drivers;
    const album = await requireAlbum(music, params, scope);
    return fullAlbum(album, await albumInfoTracks(music, album, scope), base);
  },
});

/** 60 a minute and an hour's cache, like `/album/info`. */
export const albumTracks = defineEndpoint({
  path: '/album/tracks',
  summary: "An album's tracklist with ISRCs, by id or by query.",
  rateLimit: 60,
  cache: 60 * 60,
  params: infoParams,
  example: { id: '10000791', query: 'The Cypress Years' },
  response: albumTracklistSchema,
  async handle({ params, deps, scope }) {
    const { music } = deps.drivers;
    const album = await requireAlbum(music, params, scope);
    return albumTracklist(album, await allAlbumTracks(music, album.id, scope));
  },
});

const newParams = v.object({ limit: integerParam('limit', 1, 50, 20) });

export const albumNewReleases = defineEndpoint({
  path: '/album/new-releases',
  summary: 'Albums released lately, newest first.',
  rateLimit: 30,
  cache: 60 * 60,
  params: newParams,
  example: { limit: '10' },
  response: listOf(newReleaseSchema),
  async handle({ params, deps, scope, base }) {
    return (await latestReleases(deps.drivers.music, params.limit, scope)).map((a) => newRelease(a, base));
  },
});
