/**
 * @module
 * The catalogue indexed for lookups: records by id and ISRC, and the lists every query pages
 * through (an album's tracks in order, an artist's releases newest first, tracks of a genre by
 * popularity, charts). Built once per catalogue; records are kept as loaded, not copied.
 */
import type { Genre } from '../../domain/music.ts';
import { fold } from '../../text/fold.ts';
import type { AlbumRecord, ArtistRecord, CatalogData, PlaylistRecord, TrackRecord } from './format.ts';

export interface CatalogStore {
  readonly data: CatalogData;
  readonly artists: Map<number, ArtistRecord>;
  readonly albums: Map<number, AlbumRecord>;
  readonly tracks: Map<number, TrackRecord>;
  readonly byIsrc: Map<string, TrackRecord>;
  readonly playlists: Map<number, PlaylistRecord>;
  readonly genres: Map<number, Genre>;
  /** Disc then track order. */
  readonly albumTracks: Map<number, TrackRecord[]>;
  /** Newest first, undated last. */
  readonly artistAlbums: Map<number, AlbumRecord[]>;
  /** Every track crediting the artist (main or featured), most popular first. */
  readonly artistTracks: Map<number, TrackRecord[]>;
  /** Folded genre name → tracks whose artist has that genre, most popular first. */
  readonly genreTracks: Map<string, TrackRecord[]>;
}

const byRank = (a: TrackRecord, b: TrackRecord): number => b.rank - a.rank || a.id - b.id;
const byRelease = (a: AlbumRecord, b: AlbumRecord): number =>
  a.releaseDate === b.releaseDate
    ? a.id - b.id
    : a.releaseDate === null
      ? 1
      : b.releaseDate === null
        ? -1
        : a.releaseDate < b.releaseDate
          ? 1
          : -1;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function buildStore(data: CatalogData): CatalogStore {
  const artists = new Map(data.artists.map((a) => [a.id, a]));
  const tracks = new Map<number, TrackRecord>();
  const byIsrc = new Map<string, TrackRecord>();
  const albumTracks = new Map<number, TrackRecord[]>();
  const artistTracks = new Map<number, TrackRecord[]>();
  const genreTracks = new Map<string, TrackRecord[]>();
  const folded = new Map<string, string>(); // a few genre names, a million tracks: fold each name once
  const foldGenre = (name: string): string => folded.get(name) ?? (folded.set(name, fold(name)), folded.get(name)!);
  for (const t of data.tracks) {
    tracks.set(t.id, t);
    if (t.isrc) byIsrc.set(t.isrc, t);
    push(albumTracks, t.albumId, t);
    push(artistTracks, t.artistId, t);
    for (const id of t.featured) push(artistTracks, id, t);
    for (const genre of artists.get(t.artistId)?.genres ?? []) push(genreTracks, foldGenre(genre), t);
  }
  for (const list of albumTracks.values())
    list.sort((a, b) => a.discNumber - b.discNumber || a.trackNumber - b.trackNumber || a.id - b.id);
  for (const list of artistTracks.values()) list.sort(byRank);
  for (const list of genreTracks.values()) list.sort(byRank);
  const artistAlbums = new Map<number, AlbumRecord[]>();
  for (const album of data.albums) push(artistAlbums, album.artistId, album);
  for (const list of artistAlbums.values()) list.sort(byRelease);
  return {
    data,
    artists,
    tracks,
    byIsrc,
    albumTracks,
    artistTracks,
    genreTracks,
    artistAlbums,
    albums: new Map(data.albums.map((a) => [a.id, a])),
    playlists: new Map(data.playlists.map((p) => [p.id, p])),
    genres: new Map(data.genres.map((g) => [g.id, { id: g.id, name: g.name, imageUrl: g.imageUrl }])),
  };
}
