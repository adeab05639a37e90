/**
 * @module
 * The source contract suite, in Hono's `runTest` style: a driver's test file calls
 * `runMusicContract({ make })` and gets every case a music source must pass. A driver that
 * cannot pass a case declares it in `skip` with a reason; the case is then reported as
 * skipped under that reason, never silently dropped. Ids and queries come from the source's
 * own global chart (or a track the driver test names), so the same suite runs against the
 * catalogue and a recorded replay.
 */
import { describe, expect } from 'vitest';
import { creditsOf, type TrackHit } from '../../../core/domain/music.ts';
import type { MusicDriver } from '../../../core/drivers/contracts/music.ts';
import {
  AlbumHitSchema,
  AlbumSchema,
  ArtistSchema,
  expectValid,
  GenreSchema,
  PlaylistHitSchema,
  PlaylistSchema,
  TrackHitSchema,
  TrackSchema,
} from './domain-schemas.ts';
import { abortedSignal, caseRunner, fold, type ContractOptions } from './contract-kit.ts';
import { unboundScope } from '../../../core/drivers/kit/scope.ts';

export { runFeaturesContract } from './contract-features.ts';
export { runRadioContract } from './contract-radio.ts';

export interface MusicContractOptions extends ContractOptions<MusicDriver> {
  /** An id no record of any kind has. */
  unknownId?: number;
  /** A word that finds public playlists. */
  playlistQuery?: string;
  /** A genre keyword with tracks. */
  genre?: string;
  /**
   * The track the cases look around (its album, artist, search by its names). Default: the
   * first charting track with an ISRC. A replay names one whose neighbours were recorded.
   */
  sampleTrackId?: number;
}

export function runMusicContract(options: MusicContractOptions): void {
  const unknown = options.unknownId ?? 1_999_999_999;
  const test = caseRunner(options);
  const sample = async (source: MusicDriver): Promise<TrackHit> => {
    if (options.sampleTrackId !== undefined) {
      const named = await source.track(options.sampleTrackId);
      expect(named, `track ${options.sampleTrackId} must exist`).not.toBeNull();
      return named!;
    }
    const chart = await source.chart(null, { limit: 10 });
    expect(chart?.tracks.length, 'the global chart must have tracks').toBeGreaterThan(0);
    return chart!.tracks.find((t) => t.isrc !== null) ?? chart!.tracks[0]!;
  };

  describe(`music source contract: ${options.name}`, () => {
    test('genres include id 0 named All, every one schema-valid', async (s) => {
      const genres = await s.genres();
      expect(genres.find((g) => g.id === 0)?.name).toBe('All');
      for (const g of genres) expectValid(GenreSchema, g, 'genre');
    });

    test('the global chart honours limit; a country without a chart gives null', async (s) => {
      const chart = await s.chart(null, { limit: 5 });
      expect(chart?.country).toBe('global');
      expect(chart!.tracks.length).toBe(5);
      for (const t of chart!.tracks) expectValid(TrackHitSchema, t, 'track');
      expect(await s.chart('ZZ', { limit: 5 })).toBeNull();
    });

    test('track lookups by id and ISRC answer the same whole record; unknown ones give null', async (s) => {
      const t = await sample(s);
      const byId = await s.track(t.id);
      expectValid(TrackSchema, byId, 'track');
      expect(byId?.id).toBe(t.id);
      const isrc = byId?.isrc;
      if (isrc) {
        const byIsrc = await s.trackByIsrc(isrc.toLowerCase());
        expectValid(TrackSchema, byIsrc, 'trackByIsrc');
        expect(byIsrc?.id).toBe(t.id);
      }
      expect(await s.track(unknown)).toBeNull();
      expect(await s.trackByIsrc('ZZ0000000000')).toBeNull();
    });

    test("a track's album is a whole record and lists the track with positions; unknown album gives null", async (s) => {
      const t = await sample(s);
      const album = await s.album(t.album.id);
      expectValid(AlbumSchema, album, 'album');
      const tracks = await s.albumTracks(t.album.id, { limit: 100 });
      expect(tracks.total).toBeGreaterThanOrEqual(tracks.items.length);
      expect(tracks.items.map((x) => x.id)).toContain(t.id);
      for (const x of tracks.items) expectValid(TrackHitSchema, x, 'albumTrack');
      expect(
        tracks.items.every((x) => x.trackNumber !== null),
        'an album tracklist carries positions',
      ).toBe(true);
      if (album?.tracks)
        expect(
          album.tracks.map((x) => x.id),
          'the tracks an album carries are its tracklist, in order',
        ).toEqual(tracks.items.map((x) => x.id));
      expect(await s.album(unknown)).toBeNull();
      if (album?.upc)
        expect((await s.albumByUpc(`00${album.upc}`))?.id, 'a UPC padded with zeros finds the album').toBe(album.id);
      expect(await s.albumByUpc('000000000000')).toBeNull();
    });

    test("a track's artist, top tracks, releases and related artists are schema-valid and honour limit", async (s) => {
      const t = await sample(s);
      expectValid(ArtistSchema, await s.artist(t.artist.id), 'artist');
      const top = await s.artistTopTracks(t.artist.id, { limit: 3 });
      expect(top.length).toBeGreaterThan(0);
      expect(top.length).toBeLessThanOrEqual(3);
      for (const x of top) expectValid(TrackHitSchema, x, 'topTrack');
      const releases = await s.artistAlbums(t.artist.id, { limit: 2 });
      expect(releases.items.length).toBeLessThanOrEqual(2);
      expect(releases.total).toBeGreaterThanOrEqual(releases.items.length);
      for (const a of releases.items) expectValid(AlbumHitSchema, a, 'release');
      const similar = await s.similarTracks(t.artist.id, { limit: 5 });
      expect(similar.length).toBeLessThanOrEqual(5);
      for (const x of similar) expectValid(TrackHitSchema, x, 'similarTrack');
      const related = await s.relatedArtists(t.artist.id, { limit: 4 });
      expect(related.length).toBeLessThanOrEqual(4);
      for (const a of related) expectValid(ArtistSchema, a, 'related');
      expect(await s.artist(unknown)).toBeNull();
    });

    test('track search finds a track by its title and artist, honours limit and is stable', async (s) => {
      const t = await sample(s);
      const query = `${t.title} ${t.artist.name}`;
      const first = await s.searchTracks(query, { limit: 10 });
      expect(first.map((x) => x.id)).toContain(t.id);
      expect((await s.searchTracks(query, { limit: 10 })).map((x) => x.id)).toEqual(first.map((x) => x.id));
      expect((await s.searchTracks(t.title, { limit: 3 })).length).toBeLessThanOrEqual(3);
      for (const x of first) expectValid(TrackHitSchema, x, 'track');
    });

    test('track search narrows to an artist', async (s) => {
      const t = await sample(s);
      const found = await s.searchTracks(t.title, { limit: 10, artist: t.artist.name });
      expect(found.map((x) => x.id)).toContain(t.id);
      for (const x of found) expect(creditsOf(x).some((a) => fold(a.name).includes(fold(t.artist.name)))).toBe(true);
    });

    test('search tolerates case, accents, punctuation and a small typo', async (s) => {
      const t = await sample(s);
      const name = t.artist.name;
      const typo = name.length >= 5 ? name.slice(0, 2) + name[3] + name[2] + name.slice(4) : name;
      for (const variant of [name.toUpperCase(), `${fold(name)}!`, ` ${name.replace(/ /g, ' - ')} `, typo]) {
        const found = await s.searchArtists(variant, { limit: 10 });
        expect(
          found.map((a) => a.id),
          `searching ${JSON.stringify(variant)}`,
        ).toContain(t.artist.id);
      }
    });

    test('artist, album and playlist search answer schema-valid items best-first within limit', async (s) => {
      const t = await sample(s);
      const artists = await s.searchArtists(t.artist.name, { limit: 5 });
      expect(fold(artists[0]?.name ?? '')).toBe(fold(t.artist.name));
      for (const a of artists) expectValid(ArtistSchema, a, 'artist');
      const albums = await s.searchAlbums(t.album.title, { limit: 4 });
      expect(albums.length).toBeGreaterThan(0);
      expect(albums.length).toBeLessThanOrEqual(4);
      for (const a of albums) expectValid(AlbumHitSchema, a, 'album');
      const playlists = await s.searchPlaylists(options.playlistQuery ?? 'mix', { limit: 3 });
      expect(playlists.length).toBeGreaterThan(0);
      expect(playlists.length).toBeLessThanOrEqual(3);
      for (const p of playlists) expectValid(PlaylistHitSchema, p, 'playlist');
    });

    test('a playlist and its tracks are schema-valid; unknown playlist gives null', async (s) => {
      const [p] = await s.searchPlaylists(options.playlistQuery ?? 'mix', { limit: 1 });
      expectValid(PlaylistSchema, await s.playlist(p!.id), 'playlist');
      const tracks = await s.playlistTracks(p!.id, { limit: 5 });
      expect(tracks.items.length).toBeLessThanOrEqual(5);
      expect(tracks.total).toBeGreaterThanOrEqual(tracks.items.length);
      for (const x of tracks.items) expectValid(TrackHitSchema, x, 'playlistTrack');
      expect(await s.playlist(unknown)).toBeNull();
    });

    test('new releases are schema-valid, newest first, within limit', async (s) => {
      const albums = await s.newReleases({ limit: 10 });
      expect(albums.length).toBeGreaterThan(0);
      expect(albums.length).toBeLessThanOrEqual(10);
      for (const a of albums) expectValid(AlbumHitSchema, a, 'newRelease');
      const dates = albums.map((a) => a.releaseDate).filter((d) => d !== null);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    test('genre tracks match the keyword in any case, most popular first', async (s) => {
      const genre = options.genre ?? 'pop';
      const tracks = await s.genreTracks(genre.toUpperCase(), { limit: 20 });
      expect(tracks.length).toBeGreaterThan(0);
      expect(tracks.length).toBeLessThanOrEqual(20);
      expect(tracks.map((t) => t.rank)).toEqual(tracks.map((t) => t.rank).sort((a, b) => b - a));
    });

    test('a preview is a playable http(s) URL or null; an unknown track has none', async (s) => {
      const t = await sample(s);
      const url = await s.preview(t.id);
      if (url !== null) expect(new URL(url).protocol).toMatch(/^https?:$/);
      expect(await s.preview(unknown)).toBeNull();
    });

    test('every call rejects on an already-aborted signal', async (s) => {
      const scope = unboundScope(abortedSignal());
      const calls: [string, () => Promise<unknown>][] = [
        ['searchTracks', () => s.searchTracks('a', { limit: 1, scope })],
        ['searchArtists', () => s.searchArtists('a', { limit: 1, scope })],
        ['searchAlbums', () => s.searchAlbums('a', { limit: 1, scope })],
        ['searchPlaylists', () => s.searchPlaylists('a', { limit: 1, scope })],
        ['track', () => s.track(1, { scope })],
        ['trackByIsrc', () => s.trackByIsrc('ZZ0000000000', { scope })],
        ['album', () => s.album(1, { scope })],
        ['albumByUpc', () => s.albumByUpc('1', { scope })],
        ['albumTracks', () => s.albumTracks(1, { limit: 1, scope })],
        ['artist', () => s.artist(1, { scope })],
        ['artistTopTracks', () => s.artistTopTracks(1, { limit: 1, scope })],
        ['artistAlbums', () => s.artistAlbums(1, { limit: 1, scope })],
        ['relatedArtists', () => s.relatedArtists(1, { limit: 1, scope })],
        ['similarTracks', () => s.similarTracks(1, { limit: 1, scope })],
        ['playlist', () => s.playlist(1, { scope })],
        ['playlistTracks', () => s.playlistTracks(1, { limit: 1, scope })],
        ['genres', () => s.genres({ scope })],
        ['newReleases', () => s.newReleases({ limit: 1, scope })],
        ['chart', () => s.chart(null, { limit: 1, scope })],
        ['genreTracks', () => s.genreTracks('pop', { limit: 1, scope })],
        ['preview', () => s.preview(1, { scope })],
        ['probe', () => s.probe({ scope })],
      ];
      for (const [name, call] of calls) await expect(call(), name).rejects.toThrow();
    });
  });
}
