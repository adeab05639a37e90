/**
 * @module
 * The Deezer music driver (live mode): every method of the music contract over Deezer's
 * public API (https://developers.deezer.com/api), each upstream call one small cached
 * function with its own lifetime (`shared/cached.ts`), every call within Deezer's budget
 * (`client.ts`). Lifetimes follow how often Deezer's data changes, and stay at or under the
 * lifetime of the endpoint that shows the data directly, where one does.
 */
import type { CachedCall } from '../shared/cached.ts';
import type { DriverContext } from '../kit/context.ts';
import { interleave } from '../../utils/interleave.ts';
import { fold } from '../../text/fold.ts';
import type { AlbumHit, AlbumRef, ArtistRef, Page, Track, TrackHit } from '../../domain/music.ts';
import type { ListOptions, MusicDriver } from '../contracts/music.ts';
import { COUNTRY_CHARTS } from './charts.ts';
import { DEEZER_BUDGET, deezerClient, DRIVER_NAME, type Query } from './client.ts';
import { deezerImages } from './images.ts';
import {
  listOf,
  toAlbum,
  toAlbumHit,
  toArtist,
  toEditorialCharts,
  toGenre,
  toPlaylist,
  toPlaylistHit,
  toTrack,
  toTrackHit,
} from './wire.ts';
import { previewSeconds } from './preview.ts';

export const DEFAULT_BASE_URL = 'https://api.deezer.com';

export interface DeezerOptions {
  /** Default `https://api.deezer.com`; point it at a replay to run offline. */
  baseUrl?: string;
  /** ISO country code → id of Deezer's "Top <Country>" playlist, over the built-in table. */
  countryCharts?: Record<string, number>;
  /** Milliseconds before a call with no answer is a 504 (default 2500, kit/call/call.ts). */
  timeoutMs?: number;
  /**
   * Most items asked of Deezer per list call (default 100); longer lists are paged through.
   * Deezer's own default page is 25.
   */
  pageSize?: number;
  /** Where pictures are fetched from (default: the Deezer image host each names); a replay's, to run offline. */
  imagesUrl?: string;
  /** Bytes of pictures kept in process (default: half of `SLEEVE_CACHE_MB`'s 64 MiB). */
  imageCacheBytes?: number;
}

/** Chart albums whose tracklists make a genre's pool when ISRCs are needed: a pool of ~50-200 tracks in 1 + 5 calls. */
const POOL_ALBUMS = 5;
/** Deezer's own page length (an artist's radio is always this long): the least asked of lists shared across lengths. */
const SHARED_PAGE = 25;
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Paged {
  id: number;
  index: number;
  limit: number;
}

const pageQuery = (p: { index: number; limit: number }): Query => ({ index: p.index || undefined, limit: p.limit });

export default function deezer(options: DeezerOptions, ctx: DriverContext): MusicDriver {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const api = deezerClient(ctx, baseUrl, ctx.budget(DEEZER_BUDGET), options.timeoutMs);
  const charts: Record<string, number> = { ...COUNTRY_CHARTS, ...options.countryCharts };
  const pageSize = options.pageSize ?? 100;
  const paged = (id: number, o: ListOptions): Paged => ({ id, index: o.offset ?? 0, limit: o.limit });
  // An artist's radio, top tracks and related artists are asked at many lengths (5
  // recommendations, 10 top tracks and 6 related artists on `/artist/info`, 20 related tracks
  // or artists): asked at least a Deezer page long and cut per caller, one call serves them all
  // A shorter list is the longer one's start.
  const wide = (o: ListOptions): { index: number; limit: number } => ({
    index: o.offset ?? 0,
    limit: Math.max(o.limit, SHARED_PAGE),
  });
  const shared = (id: number, o: ListOptions): Paged => ({ id, ...wide(o) });
  // Paged lists (an album's tracks, an artist's releases, a playlist's tracks) ask at most a
  // page per call: their `total` tells the caller to page on.
  const onePage = (id: number, o: ListOptions): Paged => ({
    id,
    index: o.offset ?? 0,
    limit: Math.min(o.limit, pageSize),
  });
  // An item of a listing Deezer sends in another shape is left out, the rest answered.
  const shape = ctx.listing(DRIVER_NAME);
  // Some lists (an artist's radio) answer more than `limit` asked: the contract promises at most `limit`.
  const page = <T>(body: unknown, what: string, map: (item: unknown) => T, limit: number): Page<T> => {
    const { items, total } = listOf(body, what);
    return { items: shape(items.slice(0, limit), what, map), total };
  };

  const search = <T>(kind: 'track' | 'artist' | 'album' | 'playlist', map: (item: unknown) => T) =>
    ctx.cached({
      name: `deezer:search-${kind}`,
      maxAge: 15 * MINUTE,
      run: (a: { q: string; index: number; limit: number }, scope) =>
        api.get(
          `/search/${kind}`,
          { q: a.q, ...pageQuery(a) },
          scope,
          (b) => page(b, `${kind} search`, map, a.limit).items,
        ),
    });
  // Searches too: `/search/all` asks 5 of a kind, a lookup by name 10, `/search/artist` its
  // `limit`; one first page of the same words answers them all.
  const searched =
    <T>(call: CachedCall<{ q: string; index: number; limit: number }, T[]>) =>
    async (q: string, o: ListOptions): Promise<T[]> =>
      list(await call({ q, ...wide(o) }, o)).slice(0, o.limit);
  const searchTracks = search('track', (t) => toTrackHit(t));
  const searchArtists = search('artist', toArtist);
  const searchAlbums = search('album', (a) => toAlbumHit(a));
  const searchPlaylists = search('playlist', toPlaylistHit);

  // One track record, however it was asked for (by id, by ISRC, for its preview), is
  // fetched once: each of these calls keeps what it fetched under the others' keys too.
  /** A track record fresh from Deezer, kept as the record of its id and as its id's preview. */
  const keepTrack = async (found: Track): Promise<void> => {
    await Promise.all([track.keep(found.id, found), preview.keep(found.id, found.previewUrl)]);
  };
  const track = ctx.cached({
    name: 'deezer:track',
    maxAge: DAY,
    run: async (id: number, scope) => {
      const found = await api.get(`/track/${id}`, {}, scope, toTrack);
      await preview.keep(id, found?.previewUrl ?? null);
      return found;
    },
  });
  // An ISRC names one recording for good (`/track/isrc` answers are kept forever); a week keeps storage honest.
  // Only this way round: a track's ISRC may name several Deezer tracks, and which one answers the ISRC is Deezer's choice.
  const trackByIsrc = ctx.cached({
    name: 'deezer:isrc',
    maxAge: 7 * DAY,
    run: async (isrc: string, scope) => {
      const found = await api.get(`/track/isrc:${isrc}`, {}, scope, toTrack);
      if (found) await keepTrack(found);
      return found;
    },
  });
  // Previews are signed and expire: never keep one past its signature (`preview.ts`).
  const preview = ctx.cached({
    name: 'deezer:preview',
    maxAge: 10 * MINUTE,
    maxAgeOf: (url: string | null) => (url === null ? undefined : previewSeconds(url, ctx.now())),
    run: async (id: number, scope) => {
      const found = await api.get(`/track/${id}`, {}, scope, toTrack);
      await track.keep(id, found);
      return found?.previewUrl ?? null;
    },
  });
  const album = ctx.cached({
    name: 'deezer:album',
    maxAge: DAY,
    run: (id: number, scope) => api.get(`/album/${id}`, {}, scope, toAlbum),
  });
  // An album found by UPC is the album of its id: kept under both.
  const albumByUpc = ctx.cached({
    name: 'deezer:album-upc',
    maxAge: 7 * DAY,
    run: async (upc: string, scope) => {
      const found = await api.get(`/album/upc:${upc}`, {}, scope, toAlbum);
      if (found) await album.keep(found.id, found);
      return found;
    },
  });
  const albumTracks = ctx.cached({
    name: 'deezer:album-tracks',
    maxAge: DAY,
    // The album's own tracklist carries ISRCs and positions, which the album's embedded list lacks.
    run: (p: Paged & { album: AlbumRef }, scope) =>
      api.get(`/album/${p.id}/tracks`, pageQuery(p), scope, (b) =>
        page(b, 'album tracks', (t) => toTrackHit(t, p.album), p.limit),
      ),
  });
  const artist = ctx.cached({
    name: 'deezer:artist',
    maxAge: 6 * HOUR,
    run: (id: number, scope) => api.get(`/artist/${id}`, {}, scope, toArtist),
  });
  const artistTop = ctx.cached({
    name: 'deezer:artist-top',
    maxAge: HOUR,
    run: (p: Paged, scope) =>
      api.get(
        `/artist/${p.id}/top`,
        pageQuery(p),
        scope,
        (b) => page(b, 'top tracks', (t) => toTrackHit(t), p.limit).items,
      ),
  });
  const artistAlbums = ctx.cached({
    name: 'deezer:artist-albums',
    maxAge: 6 * HOUR,
    // An artist's releases name no artist: the caller passes the one asked about.
    run: (p: Paged & { artist: ArtistRef }, scope) =>
      api.get(`/artist/${p.id}/albums`, pageQuery(p), scope, (b) =>
        page(b, 'artist albums', (a) => toAlbumHit(a, p.artist), p.limit),
      ),
  });
  const related = ctx.cached({
    name: 'deezer:artist-related',
    maxAge: 6 * HOUR,
    run: (p: Paged, scope) =>
      api.get(
        `/artist/${p.id}/related`,
        pageQuery(p),
        scope,
        (b) => page(b, 'related artists', toArtist, p.limit).items,
      ),
  });
  const radio = ctx.cached({
    name: 'deezer:artist-radio',
    maxAge: HOUR,
    run: (p: Paged, scope) =>
      api.get(
        `/artist/${p.id}/radio`,
        pageQuery(p),
        scope,
        (b) => page(b, 'artist radio', (t) => toTrackHit(t), p.limit).items,
      ),
  });
  const playlist = ctx.cached({
    name: 'deezer:playlist',
    maxAge: HOUR,
    run: (id: number, scope) => api.get(`/playlist/${id}`, {}, scope, toPlaylist),
  });
  const playlistTracks = ctx.cached({
    name: 'deezer:playlist-tracks',
    maxAge: 30 * MINUTE,
    run: (p: Paged, scope) =>
      api.get(`/playlist/${p.id}/tracks`, pageQuery(p), scope, (b) =>
        page(b, 'playlist tracks', (t) => toTrackHit(t), p.limit),
      ),
  });
  const genres = ctx.cached({
    name: 'deezer:genres',
    maxAge: DAY,
    run: (_: null, scope) =>
      api.get('/genre', {}, scope, (b) => page(b, 'genres', toGenre, Number.MAX_SAFE_INTEGER).items),
  });
  const releases = ctx.cached({
    name: 'deezer:releases',
    maxAge: HOUR,
    run: (p: Paged, scope) =>
      api.get(
        `/editorial/${p.id}/releases`,
        pageQuery(p),
        scope,
        (b) => page(b, 'releases', (a) => toAlbumHit(a), p.limit).items,
      ),
  });
  const chartAlbums = ctx.cached({
    name: 'deezer:chart-albums',
    maxAge: 30 * MINUTE,
    run: (p: Paged, scope) =>
      api.get(
        `/chart/${p.id}/albums`,
        pageQuery(p),
        scope,
        (b) => page(b, 'chart albums', (a) => toAlbumHit(a), p.limit).items,
      ),
  });
  /** Tracks with ISRCs for a genre: its chart albums' tracklists (charts and searches carry none). */
  const genreAlbumTracks = async (genreId: number, o: ListOptions): Promise<TrackHit[]> => {
    const albums = list(await chartAlbums({ id: genreId, index: 0, limit: POOL_ALBUMS }, o));
    const lists = await Promise.all(
      albums.map(
        async (a) =>
          (await albumTracks({ id: a.id, index: 0, limit: 100, album: { id: a.id, title: a.title } }, o))?.items ?? [],
      ),
    );
    return byRank(interleave(lists)).slice(o.offset ?? 0, (o.offset ?? 0) + o.limit);
  };
  const chartTracks = ctx.cached({
    name: 'deezer:chart-tracks',
    maxAge: 30 * MINUTE,
    run: (p: Paged, scope) =>
      api.get(
        `/chart/${p.id}/tracks`,
        pageQuery(p),
        scope,
        (b) => page(b, 'chart tracks', (t) => toTrackHit(t), p.limit).items,
      ),
  });
  // An editorial page and its lists. Editors change them about daily; an hour
  // like the other editorial lists.
  const editorial = ctx.cached({
    name: 'deezer:editorial',
    maxAge: DAY,
    run: (id: number, scope) => api.get(`/editorial/${id}`, {}, scope, toGenre),
  });
  const selection = ctx.cached({
    name: 'deezer:editorial-selection',
    maxAge: HOUR,
    // Deezer pages no selection (no `total`): the whole list, cut to `limit` here.
    run: (p: Paged, scope) =>
      api.get(
        `/editorial/${p.id}/selection`,
        {},
        scope,
        (b) => page(b, 'selection', (a) => toAlbumHit(a), p.limit).items,
      ),
  });
  const editorialCharts = ctx.cached({
    name: 'deezer:editorial-charts',
    maxAge: 30 * MINUTE,
    run: (p: Paged, scope) =>
      api.get(`/editorial/${p.id}/charts`, { limit: p.limit }, scope, (b) => toEditorialCharts(b, p.limit, shape)),
  });

  /** A list Deezer says does not exist (code 800) is an empty one. */
  const list = <T>(value: T[] | null): T[] => value ?? [];
  const byRank = (tracks: TrackHit[]): TrackHit[] => [...tracks].sort((a, b) => b.rank - a.rank);

  return {
    name: DRIVER_NAME,
    // `toArtist`: Deezer files genres on albums, so a full track needs no artist lookup.
    artistGenres: false,
    // Never from the cache: a health check must reach Deezer.
    async probe(o) {
      const found = await api.get('/genre', {}, o?.scope, (b) => listOf(b, 'genres').items.length > 0);
      return found ? { ok: true, status: 200 } : { ok: false, status: 404 };
    },
    // The API's circuit (`client.ts`), not the pictures' host: a picture proves nothing of the API.
    answeredAt: () => ctx.circuit(DRIVER_NAME).answeredAt,
    searchTracks: async (query, o) => {
      // Deezer's advanced search narrows by artist: `artist:"…" track:"…"`.
      const q =
        o.artist === undefined ? query : `artist:"${o.artist.replace(/"/g, '')}" track:"${query.replace(/"/g, '')}"`;
      return searched(searchTracks)(q, o);
    },
    searchArtists: searched(searchArtists),
    searchAlbums: searched(searchAlbums),
    searchPlaylists: searched(searchPlaylists),
    track: (id, o) => track(id, o),
    trackByIsrc: (isrc, o) => trackByIsrc(isrc.toUpperCase(), o),
    preview: (id, o) => preview(id, o),
    image: deezerImages(ctx, {
      imagesUrl: options.imagesUrl,
      timeoutMs: options.timeoutMs,
      cacheBytes: options.imageCacheBytes,
    }),
    album: (id, o) => album(id, o),
    // Deezer files UPCs as they came (12 or 13 digits); other platforms pad to 14.
    async albumByUpc(upc, o) {
      const digits = upc.replace(/^0+/, '');
      for (const candidate of new Set([upc, digits.padStart(12, '0'), digits.padStart(13, '0')])) {
        const found = await albumByUpc(candidate, o);
        if (found) return found;
      }
      return null;
    },
    async albumTracks(id, o) {
      const found = await album(id, o);
      if (!found) return { items: [], total: 0 };
      return (
        (await albumTracks({ ...onePage(id, o), album: { id: found.id, title: found.title } }, o)) ?? {
          items: [],
          total: 0,
        }
      );
    },
    artist: (id, o) => artist(id, o),
    artistTopTracks: async (id, o) => list(await artistTop(shared(id, o), o)).slice(0, o.limit),
    async artistAlbums(id, o) {
      const found = o.artist?.id === id ? o.artist : await artist(id, o);
      if (!found) return { items: [], total: 0 };
      return (
        (await artistAlbums({ ...onePage(id, o), artist: { id: found.id, name: found.name } }, o)) ?? {
          items: [],
          total: 0,
        }
      );
    },
    relatedArtists: async (id, o) => list(await related(shared(id, o), o)).slice(0, o.limit),
    similarTracks: async (id, o) => list(await radio(shared(id, o), o)).slice(0, o.limit),
    playlist: (id, o) => playlist(id, o),
    playlistTracks: async (id, o) => (await playlistTracks(onePage(id, o), o)) ?? { items: [], total: 0 },
    genres: async (o) => list(await genres(null, o)),
    newReleases: async (o): Promise<AlbumHit[]> => list(await releases(paged(0, o), o)),
    async chart(country, o) {
      if (country === null) return { country: 'global', tracks: list(await chartTracks(paged(0, o), o)) };
      const playlistId = charts[country.toUpperCase()];
      if (playlistId === undefined) return null;
      const tracks = await playlistTracks(paged(playlistId, o), o);
      return tracks ? { country: country.toUpperCase(), tracks: tracks.items } : null;
    },
    async genreTracks(keyword, o) {
      // A Deezer genre's chart when the keyword names one (`rock`, `Rap/Hip Hop`), else a search.
      const wanted = fold(keyword);
      const genre = list(await genres(null, o)).find(
        (g) => g.id !== 0 && (fold(g.name) === wanted || fold(g.name).split(' ').includes(wanted)),
      );
      if (genre && o.withIsrc) {
        const withIsrc = await genreAlbumTracks(genre.id, o);
        if (withIsrc.length > 0) return withIsrc;
      }
      const tracks = genre
        ? await chartTracks(paged(genre.id, o), o)
        : await searchTracks({ q: keyword, index: o.offset ?? 0, limit: o.limit }, o);
      return byRank(list(tracks));
    },
    // Deezer's chart order is its own (`position`), kept as it comes.
    genreChart: async (genreId, o) => list(await chartTracks(paged(genreId, o), o)),
    editorial: (id, o) => editorial(id, o),
    editorialSelection: async (id, o) => list(await selection(paged(id, o), o)),
    editorialCharts: async (id, o) =>
      (await editorialCharts(paged(id, o), o)) ?? { tracks: [], albums: [], artists: [], playlists: [] },
  };
}
