/**
 * @module
 * Audio features and durations drawn around a genre's centres, with per-track spread, so a
 * Metal track is loud and fast and a Classical one quiet and acoustic, yet no two are alike.
 */
import type { FeaturesRecord } from '../format.ts';
import type { GenreProfile } from './genre-profiles.ts';
import type { Random } from '../../../utils/random.ts';

/** Rounded to `places` decimals by arithmetic: `Number(x.toFixed())` took a tenth of the built-in catalogue's generation. */
const round = (value: number, places: number): number => {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale + 0; // + 0: never -0, which a file round trip would not keep
};
const unit = (r: Random, centre: number, sd: number): number => round(r.normal(centre, sd, 0, 1), 3);

export function drawFeatures(r: Random, g: GenreProfile, live: boolean): FeaturesRecord {
  const energy = unit(r, g.energy, 0.14);
  return {
    keyIndex: r.chance(0.02) ? -1 : r.int(0, 11),
    mode: r.chance(g.minorShare) ? 'Minor' : 'Major',
    timeSignature: [3, 4, 5, 6][r.weighted([6, 90, 2, 2])] ?? 4,
    tempo: round(r.normal(g.tempo, g.tempo * 0.14, 50, 210), 3),
    // Louder with more energy, as in real masters.
    loudness: round(r.normal(g.loudness + (energy - g.energy) * 6, 2, -40, 0), 3),
    energy,
    danceability: unit(r, g.danceability, 0.12),
    valence: unit(r, g.valence, 0.2),
    acousticness: unit(r, g.acousticness, 0.18),
    instrumentalness: round(
      Math.min(1, Math.max(0, r.chance(g.instrumentalness) ? r.normal(0.8, 0.15, 0, 1) : r.next() * 0.02)),
      3,
    ),
    liveness: round(live ? r.normal(0.8, 0.1, 0.4, 1) : Math.min(0.95, r.pareto(0.06, 1.8)), 3),
    speechiness: round(r.normal(g.speechiness, g.speechiness * 0.4, 0.022, 0.96), 3),
  };
}

export function drawDurationMs(r: Random, g: GenreProfile): number {
  return Math.round(r.normal(g.seconds, g.seconds * 0.22, 75, 1200)) * 1000 + r.int(0, 999);
}
