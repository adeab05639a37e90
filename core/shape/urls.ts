/**
 * @module
 * The URLs every response variant shares: where answers point, and the proxy URLs
 * for covers, artist images, previews and playlist art. Pure and runtime-free.
 */
import { pathStart } from '../utils/url-path.ts';

/**
 * Where links in answers point. `SLEEVE_BASE_URL` (trimmed of trailing slashes) when set,
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
 * Covers are `{base}/cover?artist=&title=`. A track's cover is its album's, so every
 * track of an album shares one cached image.
 */
export function coverUrl(base: string, artist: string, title: string): string {
  return `${base}/cover?artist=${encodeURIComponent(artist)}&title=${encodeURIComponent(title)}`;
}

/** Artist images are `{base}/artistimage?id=<artist_id>`. */
export function artistImageUrl(base: string, id: number): string {
  return `${base}/artistimage?id=${id}`;
}

/** `previewUrl`: Sleeve's own redirect, since live previews are signed and expire. */
export function previewUrl(base: string, trackId: number): string {
  return `${base}/track/preview?id=${trackId}`;
}

/** Playlists have no artist/title pair, so their art lives under `/media/images/`. */
export function playlistCoverUrl(base: string, id: number): string {
  return `${base}/media/images/playlist/${id}.svg`;
}
