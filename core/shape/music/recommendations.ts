/** @module D23: the `/recommendations` body; seeds and targets echoed, null when not given. */
import type { RecommendationsBody, RecommendedTrack } from '../../schemas/responses/music/recommendations.ts';
import type { FeatureTargets, Recommendations, Seeds } from '../../services/music/recommendations.ts';
import type { AudioFeatures } from '../../domain/features.ts';
import type { TrackHit } from '../../domain/music.ts';
import { relatedTrack } from './track.ts';
import { previewUrl } from '../urls.ts';

function recommendedTrack(track: TrackHit, f: AudioFeatures | undefined, base: string): RecommendedTrack {
  return {
    ...relatedTrack(track, base),
    previewUrl: track.previewUrl === null ? null : previewUrl(base, track.id),
    features: f ? { energy: f.energy, tempo: f.tempo, valence: f.valence, danceability: f.danceability } : null,
  };
}

export function recommendationsBody(
  seeds: Seeds,
  targets: FeatureTargets,
  found: Recommendations,
  base: string,
): RecommendationsBody {
  return {
    seeds: { isrc: seeds.isrc ?? null, artist: seeds.artist ?? null, genre: seeds.genre ?? null },
    targets: {
      energy: targets.energy ?? null,
      tempo: targets.tempo ?? null,
      valence: targets.valence ?? null,
      danceability: targets.danceability ?? null,
    },
    trackCount: found.tracks.length,
    tracks: found.tracks.map((t) => recommendedTrack(t, t.isrc ? found.features.get(t.isrc) : undefined, base)),
  };
}
