/**
 * @module
 * The album variants, each a pure function from a domain `Album`. Covers are the
 * `/cover` proxy keyed on the album artist and title, so a track and its album share an image.
 * The types are the response schemas' (`schemas/responses/music/albums.ts`).
 */
import type {
  AlbumSearchResult,
  DiscographyRelease,
  FullAlbum,
  NewRelease,
  SearchAlbum,
} from '../../schemas/responses/music/albums.ts';
import type { Album, AlbumHit, TrackHit } from '../../domain/music.ts';
import { albumTrackEntry } from './track.ts';
import { coverUrl } from '../urls.ts';

export function albumCover(album: AlbumHit, base: string): string {
  return coverUrl(base, album.artist.name, album.title);
}

/** The fields the search, search-result and discography variants open with (one `head` in their schemas). */
type AlbumHead = Pick<SearchAlbum, 'id' | 'title' | 'artist' | 'artistId' | 'cover'>;

function head(album: AlbumHit, base: string): AlbumHead {
  return {
    id: album.id,
    title: album.title,
    artist: album.artist.name,
    artistId: album.artist.id,
    cover: albumCover(album, base),
  };
}

export function searchAlbum(album: AlbumHit, base: string, score: number): SearchAlbum {
  return {
    ...head(album, base),
    releaseDate: album.releaseDate,
    recordType: album.recordType,
    explicit: album.explicit,
    trackCount: album.trackCount ?? 0,
    genreId: album.genreId,
    score,
  };
}

export function albumSearchResult(album: AlbumHit, base: string): AlbumSearchResult {
  return {
    ...head(album, base),
    releaseDate: album.releaseDate,
    trackCount: album.trackCount ?? 0,
    recordType: album.recordType,
    explicit: album.explicit,
  };
}

export function discographyRelease(album: AlbumHit, base: string): DiscographyRelease {
  return {
    ...head(album, base),
    releaseDate: album.releaseDate,
    recordType: album.recordType,
    explicit: album.explicit,
    genreId: album.genreId,
    fans: album.fans ?? 0,
  };
}

export function newRelease(album: AlbumHit, base: string): NewRelease {
  return {
    id: album.id,
    title: album.title,
    artist: { id: album.artist.id, name: album.artist.name },
    cover: albumCover(album, base),
    releaseDate: album.releaseDate,
    recordType: album.recordType,
  };
}

/** `/album/info`. Unknown label or UPC are empty strings: the interface types both as strings. */
export function fullAlbum(album: Album, tracks: readonly TrackHit[], base: string): FullAlbum {
  return {
    ...newRelease(album, base),
    trackCount: album.trackCount,
    duration: Math.round(album.duration),
    label: album.label ?? '',
    upc: album.upc ?? '',
    explicit: album.explicit,
    genres: [...album.genres],
    contributors: album.contributors.map((c) => ({ id: c.id, name: c.name, role: c.role })),
    tracks: tracks.map((track, index) => albumTrackEntry(track, index + 1)),
  };
}
