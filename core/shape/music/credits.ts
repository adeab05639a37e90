/** @module The `/track/credits` body; each artist's picture is the `/artistimage` proxy. */
import type { TrackCreditsBody } from '../../schemas/responses/music/credits.ts';
import type { Track } from '../../domain/music.ts';
import { artistImageUrl } from '../urls.ts';

export function trackCredits(track: Track, base: string): TrackCreditsBody {
  return {
    id: track.id,
    title: track.title,
    isrc: track.isrc,
    artist: { id: track.artist.id, name: track.artist.name },
    album: { id: track.album.id, title: track.album.title },
    contributors: track.artists.map((c) => ({
      id: c.id,
      name: c.name,
      role: c.role || 'Main',
      image: artistImageUrl(base, c.id),
    })),
  };
}
