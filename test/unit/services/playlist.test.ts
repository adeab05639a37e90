import { describe, expect, it } from 'vitest';
import { assemble, fitsTargets, genreKeywords } from '../../../core/services/music/playlist.ts';
import type { AudioFeatures } from '../../../core/domain/features.ts';
import type { Track } from '../../../core/domain/music.ts';
import { features, track } from '../../helpers/domain.ts';

const t = (id: number, artistId: number, isrc: string | null = `ISRC0000${String(id).padStart(4, '0')}`): Track =>
  track({ id, isrc, artist: { id: artistId, name: `A${artistId}` } });

describe('/playlist/generate rules', () => {
  const map = new Map<string, AudioFeatures>([
    ['ISRC00000001', features({ isrc: 'ISRC00000001', energy: 0.9, tempo: 100 })],
    ['ISRC00000002', features({ isrc: 'ISRC00000002', energy: 0.5, tempo: 100 })],
  ]);

  it('rule 1: keeps tracks without an ISRC or without features; filters the rest by ±0.2 energy and ±20 BPM', () => {
    expect(fitsTargets(t(3, 1, null), map, { energy: 0.1 })).toBe(true);
    expect(fitsTargets(t(4, 1), map, { energy: 0.1 })).toBe(true);
    expect(fitsTargets(t(1, 1), map, { energy: 0.7 })).toBe(true);
    expect(fitsTargets(t(1, 1), map, { energy: 0.6 })).toBe(false);
    expect(fitsTargets(t(2, 1), map, { tempo: 120 })).toBe(true);
    expect(fitsTargets(t(2, 1), map, { tempo: 121 })).toBe(false);
  });

  it('rule 2: tops up with unfiltered pool tracks when filtering leaves fewer than limit', () => {
    const pool = [t(1, 1), t(2, 2), t(3, 3), t(4, 4)];
    const out = assemble(pool, (x) => x.id === 3, 3);
    expect(out.map((x) => x.id)).toEqual([3, 1, 2]);
  });

  it('rule 3: never the same artist back to back, when another can follow', () => {
    const pool = [t(1, 1), t(2, 1), t(3, 1), t(4, 2), t(5, 3)];
    const out = assemble(pool, () => true, 5);
    for (let i = 1; i < out.length; i++) expect(out[i]!.artist.id).not.toBe(out[i - 1]!.artist.id);
    expect(out.map((x) => x.id)).toEqual([1, 4, 2, 5, 3]);
  });

  it('stops short rather than repeat an artist back to back', () => {
    expect(assemble([t(1, 1), t(2, 1)], () => true, 5).map((x) => x.id)).toEqual([1]);
  });

  it('is deterministic', () => {
    const pool = [t(1, 1), t(2, 2), t(3, 1), t(4, 3)];
    expect(assemble(pool, (x) => x.id !== 2, 4)).toEqual(assemble(pool, (x) => x.id !== 2, 4));
  });

  it('splits genre keywords on commas', () => {
    expect(genreKeywords(' rock, Indie ,,pop ')).toEqual(['rock', 'Indie', 'pop']);
  });
});
