/**
 * @module
 * Spec §4.5, §4.11–§4.13: the artist endpoints, each naming the artist by `artist` (a name,
 * looked up) or `id` (no lookup). D5: an artist that cannot be found is a 404.
 */
import * as v from 'valibot';
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';
import { idParam, integerParam, optionalEnum, optionalText } from '../schemas/params.ts';
import { artistEntry, fullArtist } from '../shape/artist.ts';
import { discographyBody } from '../shape/discography.ts';
import { topTrack } from '../shape/track.ts';
import { baseUrlOf } from '../shape/urls.ts';
import { artistInfoLists, requireArtist, topTracksByPopularity } from '../services/artist.ts';
import { allReleases, groupDiscography } from '../services/discography.ts';
import { RECORD_TYPES, type MusicSource } from '../sources/types.ts';

/** `artist` or `id`, one required; `id` wins when both are given since it skips the lookup. */
function artistParams<E extends v.ObjectEntries>(extra: E) {
  return v.pipe(
    v.object({ artist: optionalText('artist'), id: v.optional(idParam('id')), ...extra }),
    v.forward(v.check((p) => p.artist !== undefined || p.id !== undefined, 'give artist (a name) or id'), ['artist'] as never),
  );
}

export const artistDiscography: Endpoint<unknown> = defineEndpoint({
  path: '/artist/discography',
  rateLimit: 60,
  cache: 60 * 60,
  params: artistParams({ type: optionalEnum('type', RECORD_TYPES), limit: integerParam('limit', 1, 400, 200) }),
  async handle({ params, deps, request }) {
    const { music } = deps.sources;
    const artist = await requireArtist(music, params, request.signal);
    const releases = await allReleases(music, artist.id, request.signal);
    return discographyBody(artist, groupDiscography(releases, params.limit, params.type), baseUrlOf(deps.options.baseUrl, request));
  },
});

/** An artist's list (top tracks, similar artists): find the artist, list by its id, shape each item. */
function artistList<T>(
  path: `/${string}`, defaultLimit: number,
  list: (music: MusicSource, artistId: number, limit: number, signal: AbortSignal) => Promise<T[]>,
  shape: (item: T, base: string) => unknown,
): Endpoint<unknown> {
  return defineEndpoint({
    path,
    rateLimit: 60,
    cache: 60 * 60,
    params: artistParams({ limit: integerParam('limit', 1, 50, defaultLimit) }),
    async handle({ params, deps, request }) {
      const artist = await requireArtist(deps.sources.music, params, request.signal);
      const base = baseUrlOf(deps.options.baseUrl, request);
      return (await list(deps.sources.music, artist.id, params.limit, request.signal)).map((item) => shape(item, base));
    },
  });
}

/** Spec §4.11: by popularity, not release date. */
export const artistTopTracks: Endpoint<unknown> = artistList('/artist/top-tracks', 10, topTracksByPopularity, topTrack);

export const artistSimilar: Endpoint<unknown> = artistList(
  '/artist/similar', 20,
  async (music, id, limit, signal) => (await music.relatedArtists(id, { limit, signal })).slice(0, limit),
  artistEntry,
);

export const artistInfo: Endpoint<unknown> = defineEndpoint({
  path: '/artist/info',
  rateLimit: 60,
  cache: 60 * 60,
  params: artistParams({}),
  async handle({ params, deps, request }) {
    const { music } = deps.sources;
    const artist = await requireArtist(music, params, request.signal);
    const { top, related } = await artistInfoLists(music, artist.id, request.signal);
    return fullArtist(artist, top, related, baseUrlOf(deps.options.baseUrl, request));
  },
});
