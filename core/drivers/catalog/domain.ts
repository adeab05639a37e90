/**
 * @module
 * Catalogue records to domain objects (`core/domain/`). Built per answer rather than
 * stored, so a million-track catalogue holds each record once.
 */
import type { AudioFeatures } from '../../domain/features.ts';
import type { Album, Artist, ArtistRef, Contributor, Playlist, Track } from '../../domain/music.ts';
import type { AlbumRecord, ArtistRecord, PlaylistRecord, TrackRecord } from './format.ts';
import type { CatalogStore } from './store.ts';

const nameOf = (store: CatalogStore, id: number): string => store.artists.get(id)?.name ?? 'Unknown Artist';

function ref(store: CatalogStore, id: number): ArtistRef {
  return { id, name: nameOf(store, id) };
}

/** Built field by field rather than spread from `ref`: searches build dozens per request. */
function contributor(store: CatalogStore, id: number, role: string): Contributor {
  return { id, name: nameOf(store, id), role };
}

export function toTrack(store: CatalogStore, t: TrackRecord): Track {
  const album = store.albums.get(t.albumId);
  const artists: Contributor[] = [contributor(store, t.artistId, 'Main')];
  for (const id of t.featured) artists.push(contributor(store, id, 'Featured'));
  return {
    id: t.id,
    title: t.title,
    isrc: t.isrc,
    durationMs: t.durationMs,
    explicit: t.explicit,
    rank: t.rank,
    previewUrl: t.previewUrl,
    trackNumber: t.trackNumber,
    discNumber: t.discNumber,
    artist: ref(store, t.artistId),
    artists,
    album: { id: t.albumId, title: album?.title ?? '' },
    releaseDate: album?.releaseDate ?? null,
  };
}

export function toAlbum(store: CatalogStore, a: AlbumRecord): Album {
  const tracks = store.albumTracks.get(a.id) ?? [];
  const genre = a.genreId === null ? undefined : store.genres.get(a.genreId)?.name;
  const artistGenres = store.artists.get(a.artistId)?.genres ?? [];
  return {
    id: a.id,
    title: a.title,
    artist: ref(store, a.artistId),
    recordType: a.recordType,
    releaseDate: a.releaseDate,
    trackCount: tracks.length,
    duration: Math.round(tracks.reduce((sum, t) => sum + t.durationMs, 0) / 1000),
    label: a.label,
    upc: a.upc,
    explicit: a.explicit,
    genreId: a.genreId,
    genres: genre ? [genre, ...artistGenres.filter((g) => g !== genre)] : [...artistGenres],
    fans: a.fans,
    contributors: a.contributors.map((c) => contributor(store, c.id, c.role)),
    coverUrl: a.coverUrl,
  };
}

export function toArtist(store: CatalogStore, a: ArtistRecord): Artist {
  return {
    id: a.id,
    name: a.name,
    fans: a.fans,
    albumCount: store.artistAlbums.get(a.id)?.length ?? 0,
    genres: [...a.genres],
    imageUrl: a.imageUrl,
  };
}

/** Each playlist's length, summed on first use: a search builds dozens, each of up to a hundred tracks. */
const playlistDurations = new WeakMap<PlaylistRecord, number>();

export function toPlaylist(store: CatalogStore, p: PlaylistRecord): Playlist {
  let durationMs = playlistDurations.get(p);
  if (durationMs === undefined) {
    durationMs = p.trackIds.reduce((sum, id) => sum + (store.tracks.get(id)?.durationMs ?? 0), 0);
    playlistDurations.set(p, durationMs);
  }
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    trackCount: p.trackIds.length,
    duration: Math.round(durationMs / 1000),
    creator: { ...p.creator },
    public: p.public,
    fans: p.fans,
    coverUrl: p.coverUrl,
  };
}

export function toFeatures(t: TrackRecord): AudioFeatures | null {
  return t.isrc && t.features ? { isrc: t.isrc, ...t.features } : null;
}
