/**
 * @module
 * The compact track variants. Each is a pure function from a domain `Track`; the
 * field lists are the interface's, in its order, and nothing more. The types are the response
 * schemas' (`schemas/responses/music/tracks.ts`), so what is built here is what the tests check.
 */
import type {
  AlbumTrackEntry,
  ArtistInfoTopTrack,
  ChartTrack,
  IsrcRecommendation,
  Recommendation,
  RelatedTrack,
  SearchTrack,
  TopTrack,
} from '../../schemas/responses/music/tracks.ts';
import { creditsOf, type TrackHit } from '../../domain/music.ts';
import { formatDuration } from '../../utils/format.ts';
import { coverUrl, previewUrl } from '../urls.ts';

export function trackCover(track: TrackHit, base: string): string {
  return coverUrl(base, track.artist.name, track.album.title);
}

export function searchTrack(track: TrackHit, base: string, score: number): SearchTrack {
  return {
    id: track.id,
    name: track.title,
    artist: track.artist.name,
    artistId: track.artist.id,
    album: track.album.title,
    albumId: track.album.id,
    durationMs: track.durationMs,
    explicit: track.explicit,
    isrc: track.isrc,
    rank: track.rank,
    previewUrl: track.previewUrl === null ? null : previewUrl(base, track.id),
    cover: trackCover(track, base),
    score,
  };
}

export function relatedTrack(track: TrackHit, base: string): RelatedTrack {
  return {
    id: track.id,
    name: track.title,
    artist: track.artist.name,
    artistId: track.artist.id,
    album: track.album.title,
    durationMs: track.durationMs,
    explicit: track.explicit,
    isrc: track.isrc,
    cover: trackCover(track, base),
  };
}

export function artistInfoTopTrack(track: TrackHit, base: string): ArtistInfoTopTrack {
  return {
    id: track.id,
    name: track.title,
    album: track.album.title,
    albumId: track.album.id,
    durationMs: track.durationMs,
    explicit: track.explicit,
    cover: trackCover(track, base),
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

/** An `/album/info` entry: position and duration, no ISRC. A missing track number falls back to the position. */
export function albumTrackEntry(track: TrackHit, position: number): AlbumTrackEntry {
  return {
    id: track.id,
    title: track.title,
    durationMs: track.durationMs,
    explicit: track.explicit,
    trackNumber: track.trackNumber ?? position,
  };
}

export function recommendation(track: TrackHit, base: string): Recommendation {
  return {
    id: track.id,
    name: track.title,
    artists: creditsOf(track).map((a) => ({ name: a.name, id: a.id })),
    album: track.album.title,
    durationMs: track.durationMs,
    durationFormatted: formatDuration(track.durationMs),
    cover: trackCover(track, base),
  };
}

export function isrcRecommendation(track: TrackHit, base: string): IsrcRecommendation {
  return { ...recommendation(track, base), isrc: track.isrc };
}
