/** @module Spec §2.5: the playlist variants; `creator` is the creator's display name. */
import type { PlaylistHit } from '../sources/types.ts';
import { playlistCoverUrl } from './urls.ts';

export interface PlaylistResult {
  id: number; title: string; trackCount: number; cover: string; creator: string;
}
export interface SearchPlaylist {
  id: number; title: string; cover: string; trackCount: number; creator: string; public: boolean; score: number;
}

export function playlistResult(playlist: PlaylistHit, base: string): PlaylistResult {
  return { id: playlist.id, title: playlist.title, trackCount: playlist.trackCount, cover: playlistCoverUrl(base, playlist.id), creator: playlist.creator.name };
}

export function searchPlaylist(playlist: PlaylistHit, base: string, score: number): SearchPlaylist {
  return {
    id: playlist.id, title: playlist.title, cover: playlistCoverUrl(base, playlist.id), trackCount: playlist.trackCount,
    creator: playlist.creator.name, public: playlist.public, score,
  };
}
