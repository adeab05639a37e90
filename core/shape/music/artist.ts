/**
 * @module
 * The artist variants. Images are always the `/artistimage` proxy, never the upstream's own
 * address (docs/endpoints.md).
 */
import type { ArtistEntry, FullArtist, SearchArtist } from '../../schemas/responses/music/artists.ts';
import { ARTIST_INFO_RELATED, ARTIST_INFO_TOP_TRACKS } from '../../services/music/artist.ts';
import type { Artist, TrackHit } from '../../domain/music.ts';
import { artistInfoTopTrack } from './track.ts';
import { artistImageUrl } from '../urls.ts';

export function artistEntry(artist: Artist, base: string): ArtistEntry {
  return { id: artist.id, name: artist.name, image: artistImageUrl(base, artist.id), fans: artist.fans };
}

export function searchArtist(artist: Artist, base: string, score: number): SearchArtist {
  return { ...artistEntry(artist, base), albumCount: artist.albumCount, score };
}

export function fullArtist(
  artist: Artist,
  topTracks: readonly TrackHit[],
  related: readonly Artist[],
  base: string,
): FullArtist {
  return {
    ...artistEntry(artist, base),
    albumCount: artist.albumCount,
    topTracks: topTracks.slice(0, ARTIST_INFO_TOP_TRACKS).map((t) => artistInfoTopTrack(t, base)),
    relatedArtists: related.slice(0, ARTIST_INFO_RELATED).map((a) => artistEntry(a, base)),
  };
}
