/**
 * @module
 * `/playlist/generate`, its three rules as pure steps over a genre pool:
 * 1. energy/tempo filtering needs features, which need an ISRC: a track without them is kept;
 * 2. when filtering leaves fewer than `limit`, top up with unfiltered tracks of the same pool;
 * 3. the same artist never plays back to back.
 * Deterministic: the same genres, targets and limit give the same list.
 */
import type { AudioFeatures } from '../../domain/features.ts';
import type { TrackHit } from '../../domain/music.ts';
import type { Drivers } from '../../drivers/contracts/drivers.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import { interleave } from '../../utils/interleave.ts';
import { featuresOrNone, type FeaturesCall } from './features.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

export const ENERGY_WINDOW = 0.2;
export const TEMPO_WINDOW = 20;

export interface Targets {
  energy?: number;
  tempo?: number;
}

/** `rock, Indie ,,pop` → `['rock', 'Indie', 'pop']`. */
export function genreKeywords(text: string): string[] {
  return text
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
}

/** Rule 1: a track is kept unless its features show it outside a target's window. */
export function fitsTargets(track: TrackHit, features: ReadonlyMap<string, AudioFeatures>, targets: Targets): boolean {
  const f = track.isrc ? features.get(track.isrc) : undefined;
  if (!f) return true;
  if (targets.energy !== undefined && Math.abs(f.energy - targets.energy) > ENERGY_WINDOW + 1e-9) return false;
  if (targets.tempo !== undefined && Math.abs(f.tempo - targets.tempo) > TEMPO_WINDOW + 1e-9) return false;
  return true;
}

/**
 * Rules 2 and 3: filtered tracks first, then the rest of the pool as top-up; each next track is
 * the first candidate whose artist differs from the previous one. Stops when none can follow.
 */
export function assemble(pool: readonly TrackHit[], keep: (t: TrackHit) => boolean, limit: number): TrackHit[] {
  const candidates = [...pool.filter(keep), ...pool.filter((t) => !keep(t))];
  const out: TrackHit[] = [];
  while (out.length < limit) {
    const previous = out.at(-1)?.artist.id;
    const next = candidates.findIndex((t) => t.artist.id !== previous);
    if (next < 0) break;
    out.push(...candidates.splice(next, 1));
  }
  return out;
}

/** The genre search pool: each keyword's tracks in turns, first occurrence of each track kept. */
export async function genrePool(
  music: MusicDriver,
  genres: readonly string[],
  limit: number,
  withIsrc: boolean,
  scope?: RequestScope,
): Promise<TrackHit[]> {
  const perGenre = Math.min(Math.max(limit * 4, 50), 200);
  const lists = await Promise.all(genres.map((g) => music.genreTracks(g, { limit: perGenre, withIsrc, scope })));
  return [...new Map(interleave(lists).map((t) => [t.id, t])).values()];
}

export async function generatePlaylist(
  drivers: Drivers,
  genres: readonly string[],
  targets: Targets,
  limit: number,
  call: FeaturesCall,
): Promise<TrackHit[]> {
  const filtering = targets.energy !== undefined || targets.tempo !== undefined;
  const pool = await genrePool(drivers.music, genres, limit, filtering, call.scope);
  // One features call for the whole pool: `features.ts` batches it.
  const features = filtering ? await featuresOrNone(drivers, pool, call) : new Map<string, AudioFeatures>();
  return assemble(pool, (t) => fitsTargets(t, features, targets), limit);
}
