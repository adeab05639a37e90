/** The generator: deterministic, and plausible in the ways the issue lists (D18). */
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../../core/drivers/catalog/generate/index.ts';
import { RECORD_TYPES } from '../../../../core/domain/music.ts';

const small = generateCatalog({ tracks: 3000, seed: 'test' });

describe('catalogue generator', () => {
  it('gives the same data for the same seed and size, other data for another seed', () => {
    expect(generateCatalog({ tracks: 3000, seed: 'test' })).toEqual(small);
    expect(generateCatalog({ tracks: 3000, seed: 'other' }).artists[0]!.name).not.toBe(small.artists[0]!.name);
  });

  it('makes exactly the tracks asked for, and marks the data as generated', () => {
    expect(small.tracks).toHaveLength(3000);
    expect(small.header.generated).toBe(true);
    expect(small.header.note).toMatch(/generated/i);
  });

  it('gives unique ISRCs in the CC-XXX-YY-NNNNN layout to most tracks, features exactly to those', () => {
    const coded = small.tracks.filter((t) => t.isrc !== null);
    expect(new Set(coded.map((t) => t.isrc)).size).toBe(coded.length);
    for (const t of coded) expect(t.isrc).toMatch(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/);
    expect(coded.length / small.tracks.length).toBeGreaterThan(0.85);
    expect(coded.length).toBeLessThan(small.tracks.length);
    for (const t of small.tracks) expect(t.features === null).toBe(t.isrc === null);
  });

  it('files releases under every record type, over decades, some undated, some on two discs', () => {
    expect(new Set(small.albums.map((a) => a.recordType))).toEqual(new Set(RECORD_TYPES));
    const years = small.albums.flatMap((a) => (a.releaseDate ? [Number(a.releaseDate.slice(0, 4))] : []));
    expect(Math.max(...years) - Math.min(...years)).toBeGreaterThan(30);
    expect(small.albums.some((a) => a.releaseDate === null)).toBe(true);
    expect(small.tracks.some((t) => t.discNumber === 2)).toBe(true);
    expect(small.albums.some((a) => a.contributors.some((c) => c.role === 'Featured'))).toBe(true);
  });

  it('gives fans a long tail and relates artists within their genre', () => {
    const fans = small.artists.map((a) => a.fans).sort((a, b) => a - b);
    const median = fans[Math.floor(fans.length / 2)]!;
    expect(fans.at(-1)! / median).toBeGreaterThan(100);
    const byId = new Map(small.artists.map((a) => [a.id, a]));
    for (const a of small.artists) for (const r of a.related) expect(byId.get(r)!.genres[0]).toBe(a.genres[0]);
  });

  it('spreads audio features by genre: Metal louder and more energetic than Classical', () => {
    const genreOf = new Map(small.artists.map((a) => [a.id, a.genres[0]]));
    const mean = (genre: string, key: 'energy' | 'acousticness') => {
      const values = small.tracks
        .filter((t) => t.features && genreOf.get(t.artistId) === genre)
        .map((t) => t.features![key]);
      return values.reduce((s, x) => s + x, 0) / values.length;
    };
    expect(mean('Metal', 'energy')).toBeGreaterThan(mean('Classical', 'energy') + 0.3);
    expect(mean('Classical', 'acousticness')).toBeGreaterThan(mean('Metal', 'acousticness') + 0.3);
  });

  it('makes a global chart, country charts, new releases and both kinds of playlist', () => {
    expect(small.charts.map((c) => c.country)).toContain('global');
    expect(small.charts.length).toBeGreaterThan(5);
    expect(small.newReleases.length).toBeGreaterThan(0);
    expect(small.playlists.some((p) => p.editorial)).toBe(true);
    expect(small.playlists.some((p) => !p.editorial && p.public)).toBe(true);
  });
});
