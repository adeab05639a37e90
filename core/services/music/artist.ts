/**
 * @module
 * Finding the artist an `/artist/*` call names, by `id` (no lookup)
 * or by `artist` name (best plausible match). Not found is a 404.
 */
import { SleeveError } from '../../errors.ts';
import type { Artist, TrackHit } from '../../domain/music.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import { PLAUSIBLE, similarity } from '../../text/similarity.ts';
import { rankByRelevance } from '../search/ranking.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

/** `/artist/info` carries at most 10 top tracks and 6 related artists (docs/endpoints.md), so no more are fetched. */
export const ARTIST_INFO_TOP_TRACKS = 10;
export const ARTIST_INFO_RELATED = 6;

export interface ArtistQuery {
  artist?: string;
  id?: number;
}

async function findArtist(music: MusicDriver, q: ArtistQuery, scope?: RequestScope): Promise<Artist | null> {
  if (q.id !== undefined) return music.artist(q.id, { scope });
  if (!q.artist) return null;
  const candidates = await music.searchArtists(q.artist, { limit: 10, scope });
  const name = q.artist;
  // Best first (an exact name always leads); a near match counts only when plausibly the one asked for.
  const ranked = rankByRelevance(
    candidates,
    name,
    (a) => [a.name],
    (a) => a.fans,
  );
  return ranked.find(({ item }) => similarity([item.name], name) >= PLAUSIBLE)?.item ?? null;
}

/** `findArtist`, or the 404 naming what was asked. */
export async function requireArtist(music: MusicDriver, q: ArtistQuery, scope?: RequestScope): Promise<Artist> {
  const artist = await findArtist(music, q, scope);
  if (!artist)
    throw new SleeveError(
      'not_found',
      q.id !== undefined ? `No artist with id ${q.id}.` : `No artist named ${JSON.stringify(q.artist)}.`,
    );
  return artist;
}

/** By popularity, never by release date. */
export async function topTracksByPopularity(
  music: MusicDriver,
  artistId: number,
  limit: number,
  scope?: RequestScope,
): Promise<TrackHit[]> {
  const tracks = await music.artistTopTracks(artistId, { limit, scope });
  return [...tracks].sort((a, b) => b.rank - a.rank).slice(0, limit);
}

/** The full artist's lists: its top tracks and related artists, within the caps above. */
export async function artistInfoLists(
  music: MusicDriver,
  artistId: number,
  scope?: RequestScope,
): Promise<{ top: TrackHit[]; related: Artist[] }> {
  const [top, related] = await Promise.all([
    topTracksByPopularity(music, artistId, ARTIST_INFO_TOP_TRACKS, scope),
    music.relatedArtists(artistId, { limit: ARTIST_INFO_RELATED, scope }),
  ]);
  return { top, related };
}
