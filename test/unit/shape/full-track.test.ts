import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import type { TrackDetails } from '../../../core/services/music/track.ts';
import { infoTrack, isrcTrack } from '../../../core/shape/music/full-track.ts';
import { album, artist, features, track } from '../../helpers/domain.ts';
import { valid } from '../../helpers/shape/valid.ts';

const base = 'https://m.example';
const details = (over: Partial<TrackDetails> = {}): TrackDetails => ({
  track: track(),
  artist: artist(),
  album: album(),
  features: features(),
  recommendations: [track({ id: 300 })],
  ...over,
});

describe('full track (D17)', () => {
  it('/track/info: primaryArtist, album, features with timeSignature 4 when the provider has none', () => {
    const body = valid(s.infoTrackSchema, infoTrack(details(), base));
    expect(body.primaryArtist).toEqual({ id: 1, name: 'Ada Lark', genres: ['Pop'], image: `${base}/artistimage?id=1` });
    expect(body.album).toMatchObject({
      id: 10,
      name: 'First Light',
      albumType: 'album',
      releaseDate: '2020-05-01',
      totalTracks: 2,
      label: 'Demo Records',
    });
    expect(body.audioFeatures).toMatchObject({ key: 'C#/Db', keyIndex: 1, mode: 'Minor', timeSignature: 4 });
    expect(body.durationFormatted).toBe('3:05');
    expect(body).not.toHaveProperty('trackNumber');
    expect(body.album).not.toHaveProperty('upc');
  });

  it("keeps the provider's own time signature", () => {
    expect(infoTrack(details({ features: features({ timeSignature: 3 }) }), base).audioFeatures?.timeSignature).toBe(3);
  });

  it('/track/isrc: adds trackNumber, discNumber, album.upc and recommendation isrc; no timeSignature', () => {
    const body = valid(s.isrcTrackSchema, isrcTrack(details(), base));
    expect(Object.keys(body).slice(0, 7)).toEqual([
      'found',
      'id',
      'name',
      'explicit',
      'isrc',
      'trackNumber',
      'discNumber',
    ]);
    expect(body.album.upc).toBe('0123456789012');
    expect(body.audioFeatures).not.toHaveProperty('timeSignature');
    expect(body.recommendations[0]).toHaveProperty('isrc', 'GBABC2000001');
  });

  it('features are null without an ISRC, even if some were passed', () => {
    expect(infoTrack(details({ track: track({ isrc: null }) }), base).audioFeatures).toBeNull();
    expect(valid(s.infoTrackSchema, infoTrack(details({ features: null }), base)).audioFeatures).toBeNull();
  });

  it("falls back to the track's own credit and album reference when lookups came back empty", () => {
    const body = valid(s.infoTrackSchema, infoTrack(details({ artist: null, album: null }), base));
    // Tracks carry no genres: with neither artist nor album there are none to tell.
    expect(body.primaryArtist).toMatchObject({ id: 1, name: 'Ada Lark', genres: [] });
    expect(body.album.cover).toBe(`${base}/cover?artist=Ada%20Lark&title=First%20Light`);
  });

  it("takes the album's genres for the primary artist when the source files genres on albums only", () => {
    const body = valid(s.infoTrackSchema, infoTrack(details({ artist: { ...details().artist!, genres: [] } }), base));
    expect(body.primaryArtist.genres).toEqual(body.album.genres);
    expect(body.primaryArtist.genres.length).toBeGreaterThan(0);
  });
});
