/**
 * @module
 * Best-effort matching (D11): a platform said "this track is T by A, D long"; which track of the
 * music driver is it? Exact where an ISRC (tracks) or UPC (albums) is known, else a search
 * scored here. A candidate must clear `MATCH_THRESHOLD` or there is no match (404): a wrong
 * item is worse than none.
 */
import type { LinkMetadata } from '../../domain/links.ts';
import {
  creditsOf,
  type Album,
  type AlbumHit,
  type Artist,
  type PlaylistHit,
  type TrackHit,
} from '../../domain/music.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import { foldCompact } from '../../text/fold.ts';
import { similarity } from '../../text/similarity.ts';
import { stripBrackets } from '../music/track.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

/** Title and artist must both look this alike (0..1, ranking.ts's similarity) to count as the item. */
const MATCH_THRESHOLD = 0.8;

/**
 * How alike two names are, 0..1. Names written without spaces (a SoundCloud user `daftpunk`,
 * a slug) count as equal to the spaced name.
 */
function nameMatch(names: readonly string[], wanted: string): number {
  const compact = foldCompact(wanted);
  if (names.some((n) => foldCompact(n) === compact)) return 1;
  return similarity(names, wanted);
}

/** A duration far from the platform's says it is another recording (a live take, an edit). */
function durationFit(wantedMs: number | null, candidateMs: number): number {
  if (wantedMs === null || candidateMs <= 0) return 1;
  const seconds = Math.abs(wantedMs - candidateMs) / 1000;
  return seconds <= 3 ? 1 : seconds <= 10 ? 0.95 : seconds <= 30 ? 0.85 : 0.6;
}

function trackScore(meta: LinkMetadata, t: TrackHit): number {
  const title = nameMatch([stripBrackets(t.title), t.title], stripBrackets(meta.title));
  const artist = meta.artist === null ? 1 : nameMatch([t.artist.name, ...creditsOf(t).map((a) => a.name)], meta.artist);
  return Math.min(title, artist) * durationFit(meta.durationMs, t.durationMs);
}

function best<T>(items: readonly T[], score: (item: T) => number): T | null {
  let top: { item: T; score: number } | null = null;
  for (const item of items) {
    const s = score(item);
    if (s >= MATCH_THRESHOLD && (!top || s > top.score)) top = { item, score: s };
  }
  return top?.item ?? null;
}

export async function matchTrack(
  music: MusicDriver,
  meta: LinkMetadata,
  scope?: RequestScope,
): Promise<TrackHit | null> {
  if (meta.isrc) {
    const exact = await music.trackByIsrc(meta.isrc, { scope });
    if (exact) return exact;
  }
  const title = stripBrackets(meta.title);
  const narrowed = meta.artist ? await music.searchTracks(title, { artist: meta.artist, limit: 10, scope }) : [];
  const found = best(narrowed, (t) => trackScore(meta, t));
  if (found) return found;
  // An artist written another way (`daftpunk`) narrows to nothing: search title and artist as words.
  const broad = await music.searchTracks(meta.artist ? `${meta.artist} ${title}` : title, { limit: 15, scope });
  return best(broad, (t) => trackScore(meta, t));
}

export async function matchAlbum(music: MusicDriver, meta: LinkMetadata, scope?: RequestScope): Promise<Album | null> {
  if (meta.upc) {
    const exact = await music.albumByUpc(meta.upc, { scope });
    if (exact) return exact;
  }
  const hits = await music.searchAlbums(meta.artist ? `${meta.artist} ${meta.title}` : meta.title, {
    limit: 15,
    scope,
  });
  const score = (a: AlbumHit) =>
    Math.min(
      nameMatch([stripBrackets(a.title), a.title], stripBrackets(meta.title)),
      meta.artist ? nameMatch([a.artist.name], meta.artist) : 1,
    );
  const hit = best(hits, score);
  return hit ? music.album(hit.id, { scope }) : null;
}

export async function matchArtist(
  music: MusicDriver,
  meta: LinkMetadata,
  scope?: RequestScope,
): Promise<Artist | null> {
  return best(await music.searchArtists(meta.title, { limit: 10, scope }), (a) => nameMatch([a.name], meta.title));
}

export async function matchPlaylist(
  music: MusicDriver,
  meta: LinkMetadata,
  scope?: RequestScope,
): Promise<PlaylistHit | null> {
  return best(await music.searchPlaylists(meta.title, { limit: 10, scope }), (p) => nameMatch([p.title], meta.title));
}
