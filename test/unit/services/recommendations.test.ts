/** D23: the closeness rule of `/recommendations`, as pure functions. */
import { describe, expect, it } from 'vitest';
import { byCloseness, distance, TEMPO_SPAN } from '../../../core/services/music/recommendations.ts';
import type { AudioFeatures } from '../../../core/domain/features.ts';
import type { TrackHit } from '../../../core/domain/music.ts';

const features = (isrc: string, energy: number, tempo: number): AudioFeatures => ({
  isrc,
  keyIndex: 0,
  mode: 'Major',
  timeSignature: 4,
  tempo,
  loudness: -6,
  energy,
  danceability: 0.5,
  valence: 0.5,
  acousticness: 0,
  instrumentalness: 0,
  liveness: 0,
  speechiness: 0,
});
const track = (id: number, isrc: string | null): TrackHit => ({
  id,
  title: `t${id}`,
  isrc,
  durationMs: 1000,
  explicit: false,
  rank: 0,
  previewUrl: null,
  trackNumber: null,
  discNumber: null,
  artist: { id, name: `a${id}` },
  album: { id, title: 'x' },
});

describe('distance to the targets', () => {
  it('is the mean gap over the targets given, tempo over its span and capped at 1; 0 without targets', () => {
    const f = features('A', 0.5, 120);
    expect(distance(f, {})).toBe(0);
    expect(distance(f, { energy: 0.9 })).toBeCloseTo(0.4);
    expect(distance(f, { tempo: 120 + TEMPO_SPAN / 2 })).toBeCloseTo(0.5);
    expect(distance(f, { tempo: 300 })).toBe(1);
    expect(distance(f, { energy: 0.9, tempo: 120 })).toBeCloseTo(0.2);
  });

  it('orders nearest first, the pool order on ties, tracks without features last', () => {
    const known = new Map([
      ['A', features('A', 0.2, 100)],
      ['B', features('B', 0.8, 100)],
      ['C', features('C', 0.8, 100)],
    ]);
    const pool = [track(1, null), track(2, 'A'), track(3, 'B'), track(4, 'X'), track(5, 'C')];
    expect(byCloseness(pool, known, { energy: 0.9 }).map((t) => t.id)).toEqual([3, 5, 2, 1, 4]);
    expect(byCloseness(pool, known, { energy: 0.1 }).map((t) => t.id)).toEqual([2, 3, 5, 1, 4]);
  });
});
