/**
 * @module
 * `/recommendations` (D23): tracks near the seeds, nearest first to the feature targets.
 * - The pool: a seed track's related tracks (`related.ts`), a seed artist's own top tracks and
 *   similar artists' tracks, a seed genre's tracks (`playlist.ts`'s genre pool), taken in
 *   turns so that no seed crowds out another; the seed track itself is never recommended.
 * - The targets are soft, as in the music APIs that name them: nothing is filtered out, the
 *   pool is ordered by the mean distance to the targets given (tempo over a 100-BPM span),
 *   and tracks without features follow those with (as `/playlist/generate` keeps them too).
 * - The same artist never plays twice in a row (`assemble`, as in `/playlist/generate`).
 * - Bounded: at most 5 genre keywords, and a pool of at most 200 tracks.
 * Deterministic: the same seeds, targets and limit give the same list.
 */
import { SleeveError } from '../../errors.ts';
import { interleave } from '../../utils/interleave.ts';
import type { AudioFeatures } from '../../domain/features.ts';
import type { TrackHit } from '../../domain/music.ts';
import type { Drivers } from '../../drivers/contracts/drivers.ts';
import { featuresOrNone, type FeaturesCall } from './features.ts';
import { assemble, genreKeywords, genrePool } from './playlist.ts';
import { relatedTracks, uniqueExcept } from './related.ts';

export interface Seeds {
  isrc?: string | undefined;
  artist?: number | undefined;
  genre?: string | undefined;
}

export interface FeatureTargets {
  energy?: number | undefined;
  tempo?: number | undefined;
  valence?: number | undefined;
  danceability?: number | undefined;
}

export interface Recommendations {
  tracks: TrackHit[];
  /** The features of the tracks answered, by ISRC (those the provider knows). */
  features: ReadonlyMap<string, AudioFeatures>;
}

/** At most this many genre keywords in `seed_genre`: each costs a listing upstream. */
export const MAX_GENRE_SEEDS = 5;
/** The pool ranked by features: at most 5 calls of 40 ISRCs to the features provider. */
const MAX_POOL = 200;

/** A tempo this far off counts as far as an energy of 0 from 1. */
export const TEMPO_SPAN = 100;
const TARGETS = ['energy', 'tempo', 'valence', 'danceability'] as const;

/** Mean distance in 0..1 from the targets given; 0 when none is given. */
export function distance(f: Pick<AudioFeatures, (typeof TARGETS)[number]>, targets: FeatureTargets): number {
  const given = TARGETS.filter((name) => targets[name] !== undefined);
  if (given.length === 0) return 0;
  const sum = given.reduce((total, name) => {
    const gap = Math.abs(f[name] - targets[name]!);
    return total + (name === 'tempo' ? Math.min(1, gap / TEMPO_SPAN) : gap);
  }, 0);
  return sum / given.length;
}

/** Closest first; a track without features after every track with; ties keep the pool's order. */
export function byCloseness(
  pool: readonly TrackHit[],
  features: ReadonlyMap<string, AudioFeatures>,
  targets: FeatureTargets,
): TrackHit[] {
  const gap = (t: TrackHit): number => {
    const f = t.isrc ? features.get(t.isrc) : undefined;
    return f ? distance(f, targets) : Number.POSITIVE_INFINITY;
  };
  return pool
    .map((track, i) => ({ track, i, d: gap(track) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .map(({ track }) => track);
}

export async function recommend(
  drivers: Drivers,
  seeds: Seeds,
  targets: FeatureTargets,
  limit: number,
  call: FeaturesCall,
): Promise<Recommendations> {
  const { music } = drivers;
  const { scope } = call;
  const filtering = TARGETS.some((name) => targets[name] !== undefined);
  const size = Math.min(Math.max(limit * 4, 50), 200);
  const [seed, artist] = await Promise.all([
    seeds.isrc === undefined ? null : music.trackByIsrc(seeds.isrc, { scope }),
    seeds.artist === undefined ? null : music.artist(seeds.artist, { scope }),
  ]);
  if (seeds.isrc !== undefined && seed === null)
    throw new SleeveError('not_found', `No track with ISRC ${seeds.isrc}.`, { param: 'seed_isrc' });
  if (seeds.artist !== undefined && artist === null)
    throw new SleeveError('not_found', `No artist with id ${seeds.artist}.`, { param: 'seed_artist' });
  const pools = await Promise.all([
    seed === null ? [] : relatedTracks(music, seed, size, scope),
    artist === null
      ? []
      : Promise.all([
          music.artistTopTracks(artist.id, { limit: Math.ceil(size / 2), scope }),
          music.similarTracks(artist.id, { limit: size, scope }),
        ]).then(interleave),
    seeds.genre === undefined ? [] : genrePool(music, genreKeywords(seeds.genre), limit, filtering, scope),
  ]);
  // Taken in turns, then cut: every seed keeps its share of a bounded pool.
  const merged = interleave(pools);
  const pool =
    seed === null
      ? [...new Map(merged.map((t) => [t.id, t])).values()].slice(0, MAX_POOL)
      : uniqueExcept(seed, merged, MAX_POOL);
  if (!filtering) {
    const tracks = assemble(pool, () => true, limit);
    return { tracks, features: await featuresOrNone(drivers, tracks, call) };
  }
  // One features call for the whole pool: `features.ts` batches it.
  const features = await featuresOrNone(drivers, pool, call);
  return { tracks: assemble(byCloseness(pool, features, targets), () => true, limit), features };
}
