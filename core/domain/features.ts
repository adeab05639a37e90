/**
 * @module
 * A track's audio features, by ISRC, and what a caller knows of the track behind an
 * ISRC.
 */

/** A full track's `audioFeatures`, in domain terms: the shape layer names the key. */
export interface AudioFeatures {
  isrc: string;
  /** Pitch class 0..11 (C = 0), or -1 when no key was detected. */
  keyIndex: number;
  mode: 'Major' | 'Minor';
  /** Beats per bar, or null when the provider has none (the shape sends 4, D17). */
  timeSignature: number | null;
  tempo: number;
  loudness: number;
  energy: number;
  danceability: number;
  valence: number;
  acousticness: number;
  instrumentalness: number;
  liveness: number;
  speechiness: number;
}

/** What a caller knows of the track behind an ISRC. */
export interface FeatureHint {
  title: string;
  durationMs: number;
}
