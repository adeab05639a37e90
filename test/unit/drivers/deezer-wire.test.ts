/** Deezer's recorded bodies to domain objects (core/drivers/deezer/wire.ts). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  listOf,
  toAlbum,
  toAlbumHit,
  toArtist,
  toPlaylist,
  toPlaylistHit,
  toTrack,
  toTrackHit,
  WireError,
} from '../../../core/drivers/deezer/wire.ts';
import {
  AlbumHitSchema,
  AlbumSchema,
  ArtistSchema,
  expectValid,
  PlaylistHitSchema,
  PlaylistSchema,
  TrackHitSchema,
  TrackSchema,
} from '../../helpers/drivers/domain-schemas.ts';

const recorded = (name: string): any =>
  JSON.parse(readFileSync(new URL(`../../fixtures/deezer/${name}`, import.meta.url), 'utf8'));

describe('Deezer wire format', () => {
  it('a track lookup is a whole record: ISRC, position, credits main first, release date, ms', () => {
    const track = toTrack(recorded('track-3135556.json'));
    expectValid(TrackSchema, track, 'track');
    expect(track).toMatchObject({
      id: 3135556,
      title: 'Harder, Better, Faster, Stronger',
      isrc: 'GBDUW0000059',
      durationMs: 224_000,
      trackNumber: 4,
      discNumber: 1,
      releaseDate: '2005-01-24',
      artist: { id: 27, name: 'Daft Punk' },
      album: { id: 302127, title: 'Discovery' },
    });
    expect(track.artists[0]).toEqual({ id: 27, name: 'Daft Punk', role: 'Main' });
  });

  it("an album's tracklist names no album: the caller's album fills it in, with ISRCs and positions", () => {
    const { items, total } = listOf(recorded('album-302127-tracks.json'), 'album tracks');
    const tracks = items.map((t) => toTrackHit(t, { id: 302127, title: 'Discovery' }));
    expect(total).toBe(14);
    for (const t of tracks) expectValid(TrackHitSchema, t, 'albumTrack');
    expect(tracks.map((t) => t.trackNumber)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(tracks.every((t) => t.isrc !== null && t.album.title === 'Discovery')).toBe(true);
  });

  it('a search hit carries no ISRC, and says so with null', () => {
    const hit = toTrackHit(listOf(recorded('search__q-Soliloquy.json'), 'search').items[0]);
    expectValid(TrackHitSchema, hit, 'hit');
    expect(hit.isrc).toBeNull();
    expect(hit.trackNumber).toBeNull();
  });

  it('an album lookup: UPC, label, genres, contributors, duration in seconds, record type', () => {
    const album = toAlbum(recorded('album-302127.json'));
    expectValid(AlbumSchema, album, 'album');
    expect(album).toMatchObject({
      id: 302127,
      title: 'Discovery',
      upc: '724384960650',
      label: 'Parlophone (France)',
      trackCount: 14,
      duration: 3660,
      recordType: 'album',
      releaseDate: '2001-03-07',
    });
    expect(album.genres.length).toBeGreaterThan(0);
    // The body embeds all 14 tracks: enough for /album/info (no ISRCs, numbered by order).
    expect(album.tracks?.map((t) => t.title)).toHaveLength(14);
    expect(album.tracks?.[3]).toMatchObject({
      id: 3135556,
      title: 'Harder, Better, Faster, Stronger',
      isrc: null,
      trackNumber: null,
      album: { id: 302127, title: 'Discovery' },
    });
  });

  it('an album body that embeds only part of its tracklist (Deezer stops at 25) carries none', () => {
    const body = recorded('derived/album-999000040.json');
    expect([body.nb_tracks, body.tracks.data.length]).toEqual([40, 25]);
    const album = toAlbum(body);
    expectValid(AlbumSchema, album, 'album');
    expect(album.trackCount).toBe(40);
    expect(album.tracks).toBeUndefined();
    // Nor does one whose embedded list has a track of another shape: the whole list or none.
    const broken = structuredClone(recorded('album-302127.json'));
    delete broken.tracks.data[0].title;
    expect(toAlbum(broken).tracks).toBeUndefined();
  });

  it("an artist's releases name no artist; Deezer's `compile` is the spec's `compilation`; `0000-00-00` is no date", () => {
    const raw = listOf(recorded('artist-27-albums.json'), 'releases').items as any[];
    const releases = raw.map((a) => toAlbumHit(a, { id: 27, name: 'Daft Punk' }));
    for (const a of releases) expectValid(AlbumHitSchema, a, 'release');
    expect(releases.every((a) => a.artist.name === 'Daft Punk' && a.trackCount === null)).toBe(true);
    expect(
      toAlbumHit({ ...raw[0], record_type: 'compile', release_date: '0000-00-00' }, { id: 27, name: 'Daft Punk' }),
    ).toMatchObject({ recordType: 'compilation', releaseDate: null });
  });

  it('artists, playlists and playlist hits', () => {
    expectValid(ArtistSchema, toArtist(recorded('artist-27.json')), 'artist');
    const playlist = toPlaylist(recorded('playlist-908622995.json'));
    expectValid(PlaylistSchema, playlist, 'playlist');
    expect(playlist.creator.name).toBe('Deezer France Editors');
    const hit = toPlaylistHit(listOf(recorded('search-playlist__q-Daft-Punk.json'), 'search').items[0]);
    expectValid(PlaylistHitSchema, hit, 'playlistHit');
    expect(hit.fans).toBeNull();
  });

  it('a body of another shape is a WireError (the client answers 502), never a crash', () => {
    expect(() => toTrack({ title: 'no id' })).toThrow(WireError);
    expect(() => toTrack('<html>')).toThrow(WireError);
    expect(() => listOf({ data: 'nope' }, 'search')).toThrow(WireError);
    expect(() => toAlbumHit({ id: 1, title: 'x', artist: null })).toThrow(WireError);
  });
});
