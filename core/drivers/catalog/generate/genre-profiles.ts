/**
 * @module
 * How each demo genre sounds and behaves, so generated data has realistic spreads: its share
 * of the catalogue, audio-feature centres (tempo, energy, ...), song length, explicit share.
 * Values are rough centres of public audio-feature datasets, not copied from any one track.
 */
import { DEMO_GENRES } from '../genres.ts';

export interface GenreProfile {
  id: number;
  name: string;
  /** Relative share of artists. */
  weight: number;
  tempo: number;
  /** Centres in 0..1. */
  energy: number;
  danceability: number;
  valence: number;
  acousticness: number;
  instrumentalness: number;
  speechiness: number;
  /** dB LUFS-ish centre. */
  loudness: number;
  /** Mean song length in seconds. */
  seconds: number;
  explicitShare: number;
  minorShare: number;
}

// name: weight tempo energy dance valence acoustic instrumental speech loudness seconds explicit minor
const TABLE: Record<string, readonly number[]> = {
  Pop: [18, 118, 0.66, 0.66, 0.52, 0.22, 0.02, 0.07, -6, 205, 0.15, 0.38],
  'Rap/Hip Hop': [14, 98, 0.64, 0.74, 0.46, 0.17, 0.01, 0.27, -6.5, 200, 0.65, 0.5],
  Rock: [12, 126, 0.76, 0.5, 0.5, 0.12, 0.06, 0.05, -6.8, 235, 0.08, 0.35],
  Dance: [8, 124, 0.8, 0.72, 0.5, 0.06, 0.3, 0.06, -5.5, 220, 0.05, 0.5],
  'R&B': [7, 100, 0.56, 0.68, 0.5, 0.25, 0.02, 0.11, -7, 215, 0.35, 0.45],
  Alternative: [7, 120, 0.63, 0.52, 0.42, 0.25, 0.1, 0.05, -7.5, 230, 0.1, 0.42],
  Electro: [6, 125, 0.75, 0.66, 0.4, 0.08, 0.55, 0.06, -7, 280, 0.03, 0.55],
  Folk: [4, 112, 0.38, 0.52, 0.48, 0.72, 0.08, 0.04, -10, 220, 0.02, 0.3],
  Reggae: [3, 90, 0.6, 0.76, 0.72, 0.18, 0.05, 0.12, -7.5, 225, 0.1, 0.3],
  Jazz: [3, 112, 0.38, 0.55, 0.5, 0.65, 0.45, 0.05, -11, 290, 0.01, 0.45],
  Classical: [3, 105, 0.16, 0.3, 0.24, 0.9, 0.85, 0.04, -20, 360, 0, 0.45],
  'Films/Games': [2, 110, 0.4, 0.32, 0.22, 0.55, 0.8, 0.04, -14, 170, 0.01, 0.6],
  Metal: [3, 135, 0.92, 0.42, 0.3, 0.02, 0.15, 0.08, -5, 280, 0.25, 0.65],
  'Soul & Funk': [3, 108, 0.62, 0.68, 0.68, 0.3, 0.06, 0.06, -8, 220, 0.03, 0.35],
  Blues: [2, 106, 0.52, 0.52, 0.52, 0.45, 0.1, 0.05, -9, 250, 0.02, 0.35],
  'Latin Music': [5, 104, 0.72, 0.74, 0.66, 0.2, 0.01, 0.09, -5.5, 210, 0.2, 0.45],
  Country: [3, 120, 0.62, 0.58, 0.55, 0.3, 0.01, 0.04, -6.5, 200, 0.05, 0.15],
  'African Music': [3, 112, 0.7, 0.76, 0.7, 0.2, 0.03, 0.1, -6.5, 215, 0.1, 0.35],
};

/** Every genre but `All` (id 0), in the list's order. */
export const GENRE_PROFILES: readonly GenreProfile[] = DEMO_GENRES.filter((g) => g.id !== 0).map((g) => {
  const [
    weight,
    tempo,
    energy,
    danceability,
    valence,
    acousticness,
    instrumentalness,
    speechiness,
    loudness,
    seconds,
    explicitShare,
    minorShare,
  ] = (TABLE[g.name] ?? TABLE['Pop']) as number[];
  return {
    id: g.id,
    name: g.name,
    weight: weight!,
    tempo: tempo!,
    energy: energy!,
    danceability: danceability!,
    valence: valence!,
    acousticness: acousticness!,
    instrumentalness: instrumentalness!,
    speechiness: speechiness!,
    loudness: loudness!,
    seconds: seconds!,
    explicitShare: explicitShare!,
    minorShare: minorShare!,
  };
});
