/**
 * @module
 * An album by `id` (no lookup) or by `query` (best plausible match), with
 * its whole tracklist paged in; and the latest releases, newest first.
 */
import { SleeveError } from '../../errors.ts';
import type { Album, AlbumHit, TrackHit } from '../../domain/music.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import { newestFirst } from './discography.ts';
import { PLAUSIBLE, similarity } from '../../text/similarity.ts';
import { allPages } from './paging.ts';
import { albumNames, rankedAlbums } from '../search/search.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

export interface AlbumQuery {
  id?: number;
  query?: string;
}

export async function requireAlbum(music: MusicDriver, q: AlbumQuery, scope?: RequestScope): Promise<Album> {
  let album: Album | null = null;
  if (q.id !== undefined) album = await music.album(q.id, { scope });
  else if (q.query) {
    const query = q.query;
    const ranked = await rankedAlbums(music, query, 10, scope);
    const hit = ranked.find(({ item }) => similarity(albumNames(item), query) >= PLAUSIBLE)?.item;
    // A search hit lacks the label, UPC, contributors and genres of the full album.
    album = hit ? await music.album(hit.id, { scope }) : null;
  }
  if (!album)
    throw new SleeveError(
      'not_found',
      q.id !== undefined ? `No album with id ${q.id}.` : `No album matches ${JSON.stringify(q.query)}.`,
    );
  return album;
}

/** `/album/info`'s tracks: those the album's record carries when whole, else `allAlbumTracks`. */
export function albumInfoTracks(music: MusicDriver, album: Album, scope?: RequestScope): Promise<TrackHit[]> {
  return album.tracks ? Promise.resolve(album.tracks) : allAlbumTracks(music, album.id, scope);
}

/** The full tracklist with ISRCs and positions, however many pages the driver needs. */
export function allAlbumTracks(music: MusicDriver, albumId: number, scope?: RequestScope): Promise<TrackHit[]> {
  return allPages((offset, limit) => music.albumTracks(albumId, { limit, offset, scope }));
}

export async function latestReleases(music: MusicDriver, limit: number, scope?: RequestScope): Promise<AlbumHit[]> {
  const albums = await music.newReleases({ limit, scope });
  return [...albums].sort(newestFirst).slice(0, limit);
}
