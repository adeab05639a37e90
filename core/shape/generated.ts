/** @module The `/playlist/generate` body; `params` echoes the filters, null when omitted. */
import type { GeneratedPlaylist } from '../schemas/responses/music/playlists.ts';
import type { TrackHit } from '../domain/music.ts';
import { relatedTrack } from './music/track.ts';

export function generatedPlaylist(
  genres: string,
  energy: number | undefined,
  tempo: number | undefined,
  tracks: readonly TrackHit[],
  base: string,
): GeneratedPlaylist {
  return {
    playlist: `${genres} Mix`,
    params: { genres, energy: energy ?? null, tempo: tempo ?? null },
    trackCount: tracks.length,
    tracks: tracks.map((t) => relatedTrack(t, base)),
  };
}
