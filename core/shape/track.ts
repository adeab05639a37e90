/**
 * @module
 * Spec §2.1: the compact track variants. Each is a pure function from a domain `Track`; the
 * field lists are the spec's, in its order, and nothing more.
 */
import { creditsOf, type TrackHit } from '../sources/types.ts';
import { coverUrl, formatDuration, previewUrl } from './urls.ts';

export interface SearchTrack {
  id: number; name: string; artist: string; artistId: number; album: string; albumId: number;
  durationMs: number; explicit: boolean; isrc: string | null; rank: number; previewUrl: string | null;
  cover: string; score: number;
}
export interface RelatedTrack {
  id: number; name: string; artist: string; artistId: number; album: string;
  durationMs: number; explicit: boolean; isrc: string | null; cover: string;
}
export interface TopTrack {
  id: number; name: string; album: string; albumId: number; durationMs: number; explicit: boolean;
  isrc: string | null; cover: string;
}
export type ArtistInfoTopTrack = Omit<TopTrack, 'isrc'>;
export interface ChartTrack {
  position: number; id: number; name: string; artist: string; artistId: number; album: string;
  durationMs: number; explicit: boolean; cover: string;
}
export interface AlbumTrackEntry {
  id: number; title: string; durationMs: number; explicit: boolean; trackNumber: number;
}
export interface Recommendation {
  id: number; name: string; artists: { name: string; id: number }[]; album: string;
  durationMs: number; durationFormatted: string; cover: string;
}
export interface IsrcRecommendation extends Recommendation {
  isrc: string | null;
}

export function trackCover(track: TrackHit, base: string): string {
  return coverUrl(base, track.artist.name, track.album.title);
}

export function searchTrack(track: TrackHit, base: string, score: number): SearchTrack {
  return {
    id: track.id, name: track.title, artist: track.artist.name, artistId: track.artist.id,
    album: track.album.title, albumId: track.album.id, durationMs: track.durationMs, explicit: track.explicit,
    isrc: track.isrc, rank: track.rank, previewUrl: track.previewUrl === null ? null : previewUrl(base, track.id),
    cover: trackCover(track, base), score,
  };
}

export function relatedTrack(track: TrackHit, base: string): RelatedTrack {
  return {
    id: track.id, name: track.title, artist: track.artist.name, artistId: track.artist.id,
    album: track.album.title, durationMs: track.durationMs, explicit: track.explicit, isrc: track.isrc,
    cover: trackCover(track, base),
  };
}

export function artistInfoTopTrack(track: TrackHit, base: string): ArtistInfoTopTrack {
  return {
    id: track.id, name: track.title, album: track.album.title, albumId: track.album.id,
    durationMs: track.durationMs, explicit: track.explicit, cover: trackCover(track, base),
  };
}

export function topTrack(track: TrackHit, base: string): TopTrack {
  const { cover, ...head } = artistInfoTopTrack(track, base);
  return { ...head, isrc: track.isrc, cover };
}

export function chartTrack(track: TrackHit, position: number, base: string): ChartTrack {
  const { isrc: _isrc, ...related } = relatedTrack(track, base);
  return { position, ...related };
}

/** Spec §4.14: position and duration, no ISRC. A missing track number falls back to the position. */
export function albumTrackEntry(track: TrackHit, position: number): AlbumTrackEntry {
  return { id: track.id, title: track.title, durationMs: track.durationMs, explicit: track.explicit, trackNumber: track.trackNumber ?? position };
}

export function recommendation(track: TrackHit, base: string): Recommendation {
  return {
    id: track.id, name: track.title, artists: creditsOf(track).map((a) => ({ name: a.name, id: a.id })),
    album: track.album.title, durationMs: track.durationMs, durationFormatted: formatDuration(track.durationMs),
    cover: trackCover(track, base),
  };
}

export function isrcRecommendation(track: TrackHit, base: string): IsrcRecommendation {
  return { ...recommendation(track, base), isrc: track.isrc };
}
