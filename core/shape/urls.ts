/**
 * @module
 * The small formatting rules every response variant shares (spec §2): proxy URLs for covers
 * and artist images, `M:SS` durations and pitch-class names. Pure and runtime-free.
 */
import { pathStart } from '../url-path.ts';

/**
 * D1: where links in answers point. `SLEEVE_BASE_URL` (trimmed of trailing slashes) when set,
 * as the whole public base; otherwise the request's own origin and the path Sleeve is mounted
 * under (`basePath`, e.g. `/music`), since a host that mounts Sleeve hands it the path without.
 */
export function baseUrlOf(options: { baseUrl: string | undefined; basePath: string }, request: Request): string {
  if (options.baseUrl !== undefined) return options.baseUrl;
  const url = request.url;
  // The origin is everything before the path: cheaper than `new URL`.
  const slash = pathStart(url);
  return (slash === -1 ? url : url.slice(0, slash)) + options.basePath;
}

/**
 * Spec §2: covers are `{base}/cover?artist=&title=`. A track's cover is its album's, so every
 * track of an album shares one cached image.
 */
export function coverUrl(base: string, artist: string, title: string): string {
  return `${base}/cover?artist=${encodeURIComponent(artist)}&title=${encodeURIComponent(title)}`;
}

/** Spec §2: artist images are `{base}/artistimage?id=<artist_id>`. */
export function artistImageUrl(base: string, id: number): string {
  return `${base}/artistimage?id=${id}`;
}

/** Spec §4.1 `previewUrl`: Sleeve's own redirect, since live previews are signed and expire (README). */
export function previewUrl(base: string, trackId: number): string {
  return `${base}/track/preview?id=${trackId}`;
}

/** Playlists have no artist/title pair, so their art lives under `/media/images/` (spec §2). */
export function playlistCoverUrl(base: string, id: number): string {
  return `${base}/media/images/playlist/${id}.svg`;
}

/** Spec §2.1: `M:SS`; minutes are not padded and may exceed 59 (a 75-minute mix is `75:00`). */
export function formatDuration(durationMs: number): string {
  const totalSeconds = Math.max(0, Math.round(durationMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  return `${minutes}:${String(totalSeconds % 60).padStart(2, '0')}`;
}

const PITCH_CLASSES = ['C', 'C#/Db', 'D', 'D#/Eb', 'E', 'F', 'F#/Gb', 'G', 'G#/Ab', 'A', 'A#/Bb', 'B'] as const;

/** Spec §2.2 `key`: a single letter or a pair like `C#/Db`; empty when no key was detected (-1). */
export function keyName(keyIndex: number): string {
  return PITCH_CLASSES[keyIndex] ?? '';
}
