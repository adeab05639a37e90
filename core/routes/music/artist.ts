/**
 * @module
 * The artist endpoints, each naming the artist by `artist` (a name,
 * looked up) or `id` (no lookup). An artist that cannot be found is a 404 (D5).
 */
import type * as v from 'valibot';
import { defineEndpoint } from '../../http/endpoint.ts';
import { artistOrId, integerParam, optionalEnum } from '../../schemas/params.ts';
import { artistEntry, fullArtist } from '../../shape/music/artist.ts';
import { discographyBody } from '../../shape/music/discography.ts';
import { artistAlbumsBody } from '../../shape/music/artist-albums.ts';
import { topTrack } from '../../shape/music/track.ts';
import { artistInfoLists, requireArtist, topTracksByPopularity } from '../../services/music/artist.ts';
import { allReleases, groupDiscography } from '../../services/music/discography.ts';
import { RECORD_TYPES } from '../../domain/music.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import {
  artistAlbumsSchema,
  artistEntrySchema,
  discographySchema,
  fullArtistSchema,
  listOf,
  topTrackSchema,
} from '../../schemas/responses/index.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

export const artistDiscography = defineEndpoint({
  path: '/artist/discography',
  summary: "An artist's releases grouped by type (albums, singles, EPs, compilations), newest first.",
  since: '2.4.0',
  rateLimit: 60,
  cache: 60 * 60,
  params: artistOrId({ type: optionalEnum('type', RECORD_TYPES), limit: integerParam('limit', 1, 400, 200) }),
  example: { artist: 'The Narrow Trains', id: '1361', type: 'album', limit: '10' },
  response: discographySchema,
  async handle({ params, deps, scope, base }) {
    const { music } = deps.drivers;
    const artist = await requireArtist(music, params, scope);
    const releases = await allReleases(music, artist, scope);
    return discographyBody(artist, groupDiscography(releases, params.limit, params.type), base);
  },
});

interface ArtistList<Path extends `/${string}`, T, O> {
  path: Path;
  summary: string;
  defaultLimit: number;
  /** The schema of one item of the answer. */
  item: v.GenericSchema<unknown, O>;
  list(music: MusicDriver, artistId: number, limit: number, scope: RequestScope): Promise<T[]>;
  shape(item: T, base: string): O;
}

/** An artist's list (top tracks, similar artists): find the artist, list by its id, shape each item. */
function artistList<const Path extends `/${string}`, T, O>({
  path,
  summary,
  defaultLimit,
  item,
  list,
  shape,
}: ArtistList<Path, T, O>) {
  return defineEndpoint({
    path,
    summary,
    rateLimit: 60,
    cache: 60 * 60,
    params: artistOrId({ limit: integerParam('limit', 1, 50, defaultLimit) }),
    example: { artist: 'The Narrow Trains', id: '1361', limit: '5' },
    response: listOf(item),
    async handle({ params, deps, scope, base }) {
      const artist = await requireArtist(deps.drivers.music, params, scope);
      return (await list(deps.drivers.music, artist.id, params.limit, scope)).map((item) => shape(item, base));
    },
  });
}

/** By popularity, not release date. */
export const artistTopTracks = artistList({
  path: '/artist/top-tracks',
  summary: "An artist's most popular tracks.",
  defaultLimit: 10,
  item: topTrackSchema,
  list: topTracksByPopularity,
  shape: topTrack,
});

export const artistSimilar = artistList({
  path: '/artist/similar',
  summary: 'Artists that sound like this one.',
  defaultLimit: 20,
  item: artistEntrySchema,
  list: async (music, id, limit, scope) => (await music.relatedArtists(id, { limit, scope })).slice(0, limit),
  shape: artistEntry,
});

export const artistInfo = defineEndpoint({
  path: '/artist/info',
  summary: 'One artist: counts, genres, top tracks and similar artists.',
  rateLimit: 60,
  cache: 60 * 60,
  params: artistOrId({}),
  example: { artist: 'The Narrow Trains', id: '1361' },
  response: fullArtistSchema,
  async handle({ params, deps, scope, base }) {
    const { music } = deps.drivers;
    const artist = await requireArtist(music, params, scope);
    const { top, related } = await artistInfoLists(music, artist.id, scope);
    return fullArtist(artist, top, related, base);
  },
});

/**
 * One page of an artist's releases in the source's order (Deezer's
 * `/artist/{id}/albums`; the catalogue's newest first), where `/artist/discography` groups
 * every release at once. `index` is the position of the first release answered.
 */
export const artistAlbums = defineEndpoint({
  path: '/artist/albums',
  summary: "One page of an artist's releases, with the total and the next page's URL.",
  description:
    'By `artist` (a name) or `id` (`id` wins). An `index` past the end answers an empty page; an unknown artist is a 404.',
  rateLimit: 60,
  cache: 60 * 60,
  params: artistOrId({ limit: integerParam('limit', 1, 100, 25), index: integerParam('index', 0, 10_000, 0) }),
  example: { artist: 'The Narrow Trains', id: '1361', limit: '10', index: '0' },
  response: artistAlbumsSchema,
  async handle({ params, deps, scope, base }) {
    const { music } = deps.drivers;
    const artist = await requireArtist(music, params, scope);
    const page = await music.artistAlbums(artist.id, {
      limit: params.limit,
      offset: params.index,
      scope: scope,
      artist,
    });
    return artistAlbumsBody(
      artist,
      { items: page.items.slice(0, params.limit), total: page.total },
      params.index,
      params.limit,
      base,
    );
  },
});
