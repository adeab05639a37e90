/** @module The playlist variants; `creator` is the creator's display name. */
import type { PlaylistInfo, PlaylistResult, SearchPlaylist } from '../../schemas/responses/music/playlists.ts';
import type { Playlist, PlaylistHit, TrackHit } from '../../domain/music.ts';
import { relatedTrack } from './track.ts';
import { playlistCoverUrl } from '../urls.ts';

export function playlistResult(playlist: PlaylistHit, base: string): PlaylistResult {
  return {
    id: playlist.id,
    title: playlist.title,
    trackCount: playlist.trackCount,
    cover: playlistCoverUrl(base, playlist.id),
    creator: playlist.creator.name,
  };
}

export function searchPlaylist(playlist: PlaylistHit, base: string, score: number): SearchPlaylist {
  return {
    id: playlist.id,
    title: playlist.title,
    cover: playlistCoverUrl(base, playlist.id),
    trackCount: playlist.trackCount,
    creator: playlist.creator.name,
    public: playlist.public,
    score,
  };
}

/** `/playlist/info` (D11): the whole playlist with its tracks as related-track objects. */
export function playlistInfo(playlist: Playlist, tracks: readonly TrackHit[], base: string): PlaylistInfo {
  return {
    id: playlist.id,
    title: playlist.title,
    description: playlist.description,
    cover: playlistCoverUrl(base, playlist.id),
    trackCount: playlist.trackCount,
    duration: playlist.duration,
    creator: playlist.creator.name,
    public: playlist.public,
    fans: playlist.fans,
    tracks: tracks.map((t) => relatedTrack(t, base)),
  };
}
