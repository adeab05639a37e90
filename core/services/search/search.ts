/**
 * @module
 * The search endpoints (D15). Drivers answer candidates by their own relevance; this re-ranks a
 * wider pool with the relevance score so an exact name outranks a more famous near match, then cuts
 * each section to `limit`.
 */
import { creditsOf, type AlbumHit, type Artist, type PlaylistHit, type TrackHit } from '../../domain/music.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import type { Name } from '../../text/similarity.ts';
import { rankSearchHits, type Scored } from './ranking.ts';
import { matchesAsTyped, typedQuery } from '../../text/typed-match.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

export const SEARCH_TYPES = ['tracks', 'artists', 'albums', 'playlists'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** How many candidates to re-rank: enough to pull an exact but obscure match up. */
const poolSize = (limit: number): number => Math.min(Math.max(limit * 3, 25), 100);

/** The names a track answers to: its title, alone or with its artist's name either side. */
const trackNames = (t: TrackHit): Name[] => [{ title: t.title, by: t.artist.name }];
/** The names an album answers to: its title, alone or with its artist's name either side. */
export const albumNames = (a: AlbumHit): Name[] => [{ title: a.title, by: a.artist.name }];

async function ranked<T>(
  pool: Promise<T[]>,
  query: string,
  limit: number,
  names: (item: T) => readonly Name[],
  popularity: (item: T) => number,
  texts?: (item: T) => readonly string[],
): Promise<Scored<T>[]> {
  return rankSearchHits(await pool, query, names, popularity, texts).slice(0, limit);
}

/** Every text a track is searched by (for the as-typed band): its title and every credited artist. */
const trackTexts = (t: TrackHit): string[] => [t.title, ...creditsOf(t).map((a) => a.name)];

function rankedTracks(
  music: MusicDriver,
  query: string,
  limit: number,
  scope?: RequestScope,
): Promise<Scored<TrackHit>[]> {
  return ranked(
    music.searchTracks(query, { limit: poolSize(limit), scope }),
    query,
    limit,
    trackNames,
    (t) => t.rank,
    trackTexts,
  );
}

function rankedArtists(
  music: MusicDriver,
  query: string,
  limit: number,
  scope?: RequestScope,
): Promise<Scored<Artist>[]> {
  return ranked(
    music.searchArtists(query, { limit: poolSize(limit), scope }),
    query,
    limit,
    (a) => [a.name],
    (a) => a.fans,
  );
}

export function rankedAlbums(
  music: MusicDriver,
  query: string,
  limit: number,
  scope?: RequestScope,
): Promise<Scored<AlbumHit>[]> {
  return ranked(
    music.searchAlbums(query, { limit: poolSize(limit), scope }),
    query,
    limit,
    albumNames,
    (a) => a.fans ?? 0,
  );
}

/** User and editorial playlists alike; followers stand for popularity. */
export function rankedPlaylists(
  music: MusicDriver,
  query: string,
  limit: number,
  scope?: RequestScope,
): Promise<Scored<PlaylistHit>[]> {
  return ranked(
    music.searchPlaylists(query, { limit: poolSize(limit), scope }),
    query,
    limit,
    (p) => [p.title],
    (p) => p.fans ?? 0,
    (p) => [p.title, p.creator.name],
  );
}

/**
 * Matching artists, most fans first; those matching the query as typed before
 * those a correction found, whatever their fans.
 */
export async function artistsByFans(
  music: MusicDriver,
  query: string,
  limit: number,
  scope?: RequestScope,
): Promise<Artist[]> {
  const found = await music.searchArtists(query, { limit, scope });
  const typed = typedQuery(query);
  const band = new Map(found.map((a) => [a, matchesAsTyped([a.name], typed) ? 1 : 0]));
  return [...found].sort((a, b) => band.get(b)! - band.get(a)! || b.fans - a.fans);
}

export interface SearchAllResult {
  tracks: Scored<TrackHit>[];
  artists: Scored<Artist>[];
  albums: Scored<AlbumHit>[];
  playlists: Scored<PlaylistHit>[];
}

/** Every requested section in parallel; a section not asked for stays empty. */
export async function searchAll(
  music: MusicDriver,
  query: string,
  limit: number,
  types: readonly SearchType[],
  scope?: RequestScope,
): Promise<SearchAllResult> {
  const want = <T>(type: SearchType, run: () => Promise<Scored<T>[]>) =>
    types.includes(type) ? run() : Promise.resolve([]);
  const [tracks, artists, albums, playlists] = await Promise.all([
    want('tracks', () => rankedTracks(music, query, limit, scope)),
    want('artists', () => rankedArtists(music, query, limit, scope)),
    want('albums', () => rankedAlbums(music, query, limit, scope)),
    want('playlists', () => rankedPlaylists(music, query, limit, scope)),
  ]);
  return { tracks, artists, albums, playlists };
}

export interface TopCandidate {
  type: 'track' | 'artist' | 'album' | 'playlist';
  section: SearchType;
  index: number;
  score: number;
}

/** The best-scored item of all sections; on a tie the earlier section (the answer's order) wins. */
export function topCandidate(result: SearchAllResult): TopCandidate | null {
  let best: TopCandidate | null = null;
  for (const section of SEARCH_TYPES) {
    result[section].forEach((entry, index) => {
      if (!best || entry.score > best.score) best = { type: singular(section), section, index, score: entry.score };
    });
  }
  return best;
}

function singular(section: SearchType): TopCandidate['type'] {
  return section.slice(0, -1) as TopCandidate['type'];
}
