/** D23: `/recommendations` in demo mode, over the catalogue's tracks and features. */
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import type { TrackHit } from '../../../core/domain/music.ts';
import { fails, music, ok, q, sleeve } from '../../helpers/routes/client.ts';
import { trackWithFeatures } from '../../helpers/routes/fixtures.ts';

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const get = (params: Record<string, string | number | undefined>) =>
  ok(s.recommendationsSchema, `/recommendations?${q(params)}`);

function noRepeats(body: s.RecommendationsBody): void {
  for (let i = 1; i < body.tracks.length; i++) expect(body.tracks[i]!.artistId).not.toBe(body.tracks[i - 1]!.artistId);
}

let seed: TrackHit;
beforeAll(async () => {
  seed = await trackWithFeatures();
});

describe('/recommendations', () => {
  it('orders a genre by closeness to the targets: high energy asked, high energy answered, and the reverse', async () => {
    const high = await get({ seed_genre: 'Pop', energy: 0.9, limit: 20 });
    const low = await get({ seed_genre: 'Pop', energy: 0.1, limit: 20 });
    for (const body of [high, low]) {
      expect(body.trackCount).toBe(20);
      expect(body.tracks.every((t) => t.features !== null)).toBe(true);
      noRepeats(body);
    }
    expect(high.targets).toEqual({ energy: 0.9, tempo: null, valence: null, danceability: null });
    expect(high.seeds).toEqual({ isrc: null, artist: null, genre: 'Pop' });
    const energy = (body: s.RecommendationsBody) => mean(body.tracks.map((t) => t.features!.energy));
    expect(energy(high)).toBeGreaterThan(energy(low) + 0.3);
    // The nearest of the whole pool come first: none of the 20 is farther than the pool's median.
    const pool = await music.genreTracks('Pop', { limit: 200 });
    const features = await sleeve.deps.drivers.features.features(pool.flatMap((t) => (t.isrc ? [t.isrc] : [])));
    const gaps = [...features.values()].map((f) => Math.abs(f.energy - 0.9)).sort((a, b) => a - b);
    const median = gaps[Math.floor(gaps.length / 2)]!;
    expect(Math.max(...high.tracks.map((t) => Math.abs(t.features!.energy - 0.9)))).toBeLessThanOrEqual(median);
  });

  it('takes every target at once, tempo in BPM: the answer sits nearer the targets than the genre does', async () => {
    const targets = { tempo: 128, valence: 0.8, danceability: 0.8 };
    const near = await get({ seed_genre: 'Dance', ...targets, limit: 10 });
    const plain = await get({ seed_genre: 'Dance', limit: 50 });
    const gap = (body: s.RecommendationsBody) =>
      mean(
        body.tracks
          .filter((t) => t.features)
          .map(
            (t) =>
              (Math.min(1, Math.abs(t.features!.tempo - 128) / 100) +
                Math.abs(t.features!.valence - 0.8) +
                Math.abs(t.features!.danceability - 0.8)) /
              3,
          ),
      );
    expect(gap(near)).toBeLessThan(gap(plain));
  });

  it('a seed track: its neighbours, never itself; the same answer every time', async () => {
    const body = await get({ seed_isrc: seed.isrc!, limit: 15 });
    expect(body.seeds.isrc).toBe(seed.isrc);
    expect(body.tracks.length).toBe(15);
    expect(body.tracks.some((t) => t.id === seed.id || t.isrc === seed.isrc)).toBe(false);
    expect(await get({ seed_isrc: seed.isrc!.toLowerCase(), limit: 15 })).toEqual(body);
    for (const t of body.tracks) expect(t.previewUrl).toBe(`http://sleeve.test/track/preview?id=${t.id}`);
  });

  it('a seed artist: its own tracks and its neighbours; seeds combine', async () => {
    const body = await get({ seed_artist: seed.artist.id, limit: 10 });
    expect(body.seeds.artist).toBe(seed.artist.id);
    expect(body.tracks.some((t) => t.artistId === seed.artist.id)).toBe(true);
    expect(body.tracks.some((t) => t.artistId !== seed.artist.id)).toBe(true);
    noRepeats(body);
    // A genre the seed artist is not filed under, so its pool brings other tracks.
    const own = (await music.artist(seed.artist.id))!.genres;
    const other = (await music.genres()).slice(1).find((g) => !own.includes(g.name))!.name;
    const both = await get({ seed_artist: seed.artist.id, seed_genre: other, limit: 10 });
    expect(both.seeds).toEqual({ isrc: null, artist: seed.artist.id, genre: other });
    expect(both.tracks.map((t) => t.id)).not.toEqual(body.tracks.map((t) => t.id));
  });

  it('404 for an unknown seed track or artist; an unknown genre is an empty list', async () => {
    await fails('/recommendations?seed_isrc=ZZZZZ9999999', 404, 'not_found');
    await fails('/recommendations?seed_artist=999999999', 404, 'not_found');
    expect((await get({ seed_genre: 'Qqxzvvkj' })).tracks).toEqual([]);
  });

  it('400: no seed, bad seeds, targets out of range, bad limit', async () => {
    await fails('/recommendations', 400, 'bad_request', 'seed_isrc');
    await fails('/recommendations?energy=0.5', 400, 'bad_request', 'seed_isrc');
    await fails('/recommendations?seed_isrc=abc', 400, 'bad_request', 'seed_isrc');
    await fails('/recommendations?seed_artist=abc', 400, 'bad_request', 'seed_artist');
    await fails('/recommendations?seed_genre=Pop&energy=1.5', 400, 'bad_request', 'energy');
    await fails('/recommendations?seed_genre=Pop&valence=-0.1', 400, 'bad_request', 'valence');
    await fails('/recommendations?seed_genre=Pop&danceability=lots', 400, 'bad_request', 'danceability');
    await fails('/recommendations?seed_genre=Pop&tempo=0', 400, 'bad_request', 'tempo');
    await fails('/recommendations?seed_genre=Pop&tempo=301', 400, 'bad_request', 'tempo');
    await fails('/recommendations?seed_genre=Pop&tempo=120.5', 400, 'bad_request', 'tempo');
    await fails('/recommendations?seed_genre=a,b,c,d,e,f', 400, 'bad_request', 'seed_genre');
    await fails('/recommendations?seed_genre=,,', 400, 'bad_request', 'seed_genre');
    await fails('/recommendations?seed_genre=Pop&limit=0', 400, 'bad_request', 'limit');
    await fails('/recommendations?seed_genre=Pop&limit=51', 400, 'bad_request', 'limit');
  });
});
