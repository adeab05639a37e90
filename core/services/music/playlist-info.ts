/**
 * @module
 * `/playlist/info`: a playlist and its tracks, paged through to the end up to
 * `MAX_PLAYLIST_TRACKS` (playlists run to thousands of tracks; the answer is one JSON body,
 * so it is bounded: `trackCount` still says how many the playlist holds).
 */
import { SleeveError } from '../../errors.ts';
import type { Playlist, TrackHit } from '../../domain/music.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import { allPages } from './paging.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

const MAX_PLAYLIST_TRACKS = 1000;

export async function playlistWithTracks(
  music: MusicDriver,
  id: number,
  scope?: RequestScope,
): Promise<{ playlist: Playlist; tracks: TrackHit[] }> {
  const playlist = await music.playlist(id, { scope });
  if (!playlist) throw new SleeveError('not_found', `No playlist with id ${id}.`, { param: 'id' });
  const tracks = await allPages(
    (offset, limit) => music.playlistTracks(id, { offset, limit, scope }),
    MAX_PLAYLIST_TRACKS,
  );
  return { playlist, tracks };
}
