/**
 * @module
 * `/album/tracks` (the interface names it; its shape is ours, docs/endpoints.md): the album's whole
 * tracklist with what `/album/info`'s entries leave out: ISRCs, disc numbers and credits.
 */
import type { AlbumTracklist } from '../../schemas/responses/music/albums.ts';
import { creditsOf, type Album, type TrackHit } from '../../domain/music.ts';

/** A missing position falls back to the place in the list, a missing disc to 1. */
export function albumTracklist(album: Album, tracks: readonly TrackHit[]): AlbumTracklist {
  return {
    id: album.id,
    title: album.title,
    artist: { id: album.artist.id, name: album.artist.name },
    trackCount: tracks.length,
    tracks: tracks.map((t, index) => ({
      id: t.id,
      title: t.title,
      isrc: t.isrc,
      trackNumber: t.trackNumber ?? index + 1,
      discNumber: t.discNumber ?? 1,
      durationMs: t.durationMs,
      explicit: t.explicit,
      artists: creditsOf(t).map((a) => ({ id: a.id, name: a.name })),
    })),
  };
}
