import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import {
  albumSearchResult,
  discographyRelease,
  fullAlbum,
  newRelease,
  searchAlbum,
} from '../../../core/shape/music/album.ts';
import { artistEntry, fullArtist, searchArtist } from '../../../core/shape/music/artist.ts';
import { playlistResult, searchPlaylist } from '../../../core/shape/music/playlist.ts';
import * as t from '../../../core/shape/music/track.ts';
import { album, artist, playlist, track } from '../../helpers/domain.ts';
import { valid } from '../../helpers/shape/valid.ts';

const base = 'https://m.example';

describe('track variants', () => {
  const tr = track({
    artists: [
      { id: 1, name: 'Ada Lark', role: 'Main' },
      { id: 2, name: 'Bo', role: 'Featured' },
    ],
  });

  it('each matches its strict schema, with exactly the spec fields in order', () => {
    expect(Object.keys(valid(s.searchTrackSchema, t.searchTrack(tr, base, 0.9)))).toEqual([
      'id',
      'name',
      'artist',
      'artistId',
      'album',
      'albumId',
      'durationMs',
      'explicit',
      'isrc',
      'rank',
      'previewUrl',
      'cover',
      'score',
    ]);
    expect(Object.keys(valid(s.relatedTrackSchema, t.relatedTrack(tr, base)))).toEqual([
      'id',
      'name',
      'artist',
      'artistId',
      'album',
      'durationMs',
      'explicit',
      'isrc',
      'cover',
    ]);
    expect(Object.keys(valid(s.topTrackSchema, t.topTrack(tr, base)))).toEqual([
      'id',
      'name',
      'album',
      'albumId',
      'durationMs',
      'explicit',
      'isrc',
      'cover',
    ]);
    expect(Object.keys(valid(s.artistInfoTopTrackSchema, t.artistInfoTopTrack(tr, base)))).toEqual([
      'id',
      'name',
      'album',
      'albumId',
      'durationMs',
      'explicit',
      'cover',
    ]);
    expect(Object.keys(valid(s.chartTrackSchema, t.chartTrack(tr, 3, base)))).toEqual([
      'position',
      'id',
      'name',
      'artist',
      'artistId',
      'album',
      'durationMs',
      'explicit',
      'cover',
    ]);
    expect(valid(s.albumTrackEntrySchema, t.albumTrackEntry(tr, 1))).toEqual({
      id: 100,
      title: 'Morning Song',
      durationMs: 185_000,
      explicit: false,
      trackNumber: 1,
    });
  });

  it('recommendations list every credited artist and format the duration; the ISRC variant adds isrc', () => {
    const rec = valid(s.recommendationSchema, t.recommendation(tr, base));
    expect(rec.artists).toEqual([
      { name: 'Ada Lark', id: 1 },
      { name: 'Bo', id: 2 },
    ]);
    expect(rec.durationFormatted).toBe('3:05');
    expect(valid(s.isrcRecommendationSchema, t.isrcRecommendation(track({ isrc: null }), base)).isrc).toBeNull();
    expect(() => valid(s.recommendationSchema, t.isrcRecommendation(tr, base))).toThrow(/isrc/);
  });

  it("uses the album's cover proxy and falls back to the position for a missing track number", () => {
    expect(t.relatedTrack(tr, base).cover).toBe(`${base}/cover?artist=Ada%20Lark&title=First%20Light`);
    expect(t.albumTrackEntry(track({ trackNumber: null }), 4).trackNumber).toBe(4);
  });
});

describe('album, artist and playlist variants', () => {
  it('each matches its strict schema', () => {
    const al = album();
    valid(s.searchAlbumSchema, searchAlbum(al, base, 0.5));
    valid(s.albumSearchResultSchema, albumSearchResult(al, base));
    valid(s.discographyReleaseSchema, discographyRelease(album({ releaseDate: null }), base));
    expect(valid(s.newReleaseSchema, newRelease(al, base)).artist).toEqual({ id: 1, name: 'Ada Lark' });
    valid(s.searchArtistSchema, searchArtist(artist(), base, 1));
    valid(s.artistEntrySchema, artistEntry(artist(), base));
    valid(s.searchPlaylistSchema, searchPlaylist(playlist(), base, 0.2));
    expect(valid(s.playlistResultSchema, playlistResult(playlist(), base)).creator).toBe('sam');
  });

  it('a full album carries contributors with roles, whole seconds and the tracklist', () => {
    const full = valid(
      s.fullAlbumSchema,
      fullAlbum(
        album({ duration: 420.6, label: null, upc: null }),
        [track(), track({ id: 101, trackNumber: 2 })],
        base,
      ),
    );
    expect(full.duration).toBe(421);
    expect(full.contributors).toEqual([{ id: 1, name: 'Ada Lark', role: 'Main' }]);
    expect(full.tracks.map((x) => x.trackNumber)).toEqual([1, 2]);
    expect([full.label, full.upc]).toEqual(['', '']);
  });

  it('a full artist keeps at most 10 top tracks and 6 related artists', () => {
    const many = Array.from({ length: 14 }, (_, i) => track({ id: 200 + i }));
    const related = Array.from({ length: 9 }, (_, i) => artist({ id: 50 + i }));
    const full = valid(s.fullArtistSchema, fullArtist(artist(), many, related, base));
    expect(full.topTracks).toHaveLength(10);
    expect(full.relatedArtists).toHaveLength(6);
    expect(full.image).toBe(`${base}/artistimage?id=1`);
  });

  it('strict schemas reject an extra field', () => {
    expect(() => valid(s.artistEntrySchema, { ...artistEntry(artist(), base), extra: 1 })).toThrow();
  });
});
