/**
 * @module
 * Spec §4.1: the `/search/all` body. `topResult` repeats the best-scored item of any section
 * (null when nothing matched); `total` is the number of items returned (D15).
 */
import type { SearchAllResult, SearchType, TopCandidate } from '../services/search.ts';
import { searchAlbum, type SearchAlbum } from './album.ts';
import { searchArtist, type SearchArtist } from './artist.ts';
import { searchPlaylist, type SearchPlaylist } from './playlist.ts';
import { searchTrack, type SearchTrack } from './track.ts';

export type TopResult =
  | { type: 'track'; score: number; item: SearchTrack }
  | { type: 'artist'; score: number; item: SearchArtist }
  | { type: 'album'; score: number; item: SearchAlbum }
  | { type: 'playlist'; score: number; item: SearchPlaylist };

export interface SearchAllBody {
  query: string;
  types: SearchType[];
  topResult: TopResult | null;
  total: number;
  tracks: SearchTrack[];
  artists: SearchArtist[];
  albums: SearchAlbum[];
  playlists: SearchPlaylist[];
}

export function searchAllBody(query: string, types: readonly SearchType[], result: SearchAllResult, top: TopCandidate | null, base: string): SearchAllBody {
  const tracks = result.tracks.map(({ item, score }) => searchTrack(item, base, score));
  const artists = result.artists.map(({ item, score }) => searchArtist(item, base, score));
  const albums = result.albums.map(({ item, score }) => searchAlbum(item, base, score));
  const playlists = result.playlists.map(({ item, score }) => searchPlaylist(item, base, score));
  const sections = { tracks, artists, albums, playlists };
  const item = top ? sections[top.section][top.index] : undefined;
  const topResult = top && item ? ({ type: top.type, score: top.score, item } as TopResult) : null;
  return {
    query, types: [...types], topResult, total: tracks.length + artists.length + albums.length + playlists.length,
    tracks, artists, albums, playlists,
  };
}
