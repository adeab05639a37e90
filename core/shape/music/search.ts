/**
 * @module
 * The `/search/all` body. `topResult` repeats the best-scored item of any section
 * (null when nothing matched); `total` is the number of items returned.
 */
import type { SearchAllBody, TopResult } from '../../schemas/responses/music/search.ts';
import type { SearchAllResult, SearchType, TopCandidate } from '../../services/search/search.ts';
import { searchAlbum } from './album.ts';
import { searchArtist } from './artist.ts';
import { searchPlaylist } from './playlist.ts';
import { searchTrack } from './track.ts';

export function searchAllBody(
  query: string,
  types: readonly SearchType[],
  result: SearchAllResult,
  top: TopCandidate | null,
  base: string,
): SearchAllBody {
  const tracks = result.tracks.map(({ item, score }) => searchTrack(item, base, score));
  const artists = result.artists.map(({ item, score }) => searchArtist(item, base, score));
  const albums = result.albums.map(({ item, score }) => searchAlbum(item, base, score));
  const playlists = result.playlists.map(({ item, score }) => searchPlaylist(item, base, score));
  const sections = { tracks, artists, albums, playlists };
  const item = top ? sections[top.section][top.index] : undefined;
  const topResult = top && item ? ({ type: top.type, score: top.score, item } as TopResult) : null;
  return {
    query,
    types: [...types],
    topResult,
    total: tracks.length + artists.length + albums.length + playlists.length,
    tracks,
    artists,
    albums,
    playlists,
  };
}
