/**
 * @module
 * Deezer's JSON (https://developers.deezer.com/api) to domain objects. Pure. Deezer's listings
 * differ in what they carry (a search hit has no ISRC, an album's tracklist no album, an
 * artist's releases no artist), so a field a body lacks becomes null, or comes from the
 * caller (`album`, `artist`), never from a guess. Anything that is not the shape Deezer
 * documents throws `WireError`, which the client turns into `502 upstream_error`; an item of
 * a listing of another shape is left out instead (`shared/listing.ts`).
 */
import type {
  Album,
  AlbumHit,
  AlbumRef,
  Artist,
  ArtistRef,
  Contributor,
  EditorialCharts,
  Genre,
  Playlist,
  PlaylistHit,
  RecordType,
  Track,
  TrackHit,
} from '../../domain/music.ts';
import { strictList, type ShapeList } from '../shared/listing.ts';
import { WireError } from '../shared/wire.ts';

export { WireError };

type Json = Record<string, unknown>;

function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new WireError(`${what} is not an object`);
  return value as Json;
}

function id(body: Json, what: string): number {
  const value = body.id;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new WireError(`${what} has no numeric id`);
  return value;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
const optionalCount = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
const url = (value: unknown): string | null => (typeof value === 'string' && /^https?:\/\//.test(value) ? value : null);
/** Deezer writes unknown dates as `0000-00-00`. */
const date = (value: unknown): string | null =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !value.startsWith('0000') ? value : null;
const isrc = (value: unknown): string | null =>
  typeof value === 'string' && /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/i.test(value) ? value.toUpperCase() : null;

/** Deezer says `compile` where Sleeve's record types say `compilation`. */
const RECORD_TYPES: Readonly<Record<string, RecordType>> = {
  album: 'album',
  single: 'single',
  ep: 'ep',
  compile: 'compilation',
  compilation: 'compilation',
};

/** `{ data: [...], total }`: the envelope of every Deezer list. */
export function listOf(body: unknown, what: string): { items: unknown[]; total: number } {
  const envelope = object(body, what);
  if (!Array.isArray(envelope.data)) throw new WireError(`${what} has no data list`);
  return { items: envelope.data, total: typeof envelope.total === 'number' ? envelope.total : envelope.data.length };
}

function artistRef(value: unknown, what = 'artist'): ArtistRef {
  const body = object(value, what);
  return { id: id(body, what), name: text(body.name) };
}

export function toArtist(value: unknown): Artist {
  const body = object(value, 'artist');
  return {
    ...artistRef(body),
    fans: count(body.nb_fan),
    albumCount: count(body.nb_album),
    // Deezer files genres on albums, not artists.
    genres: [],
    imageUrl: url(body.picture_xl) ?? url(body.picture_big),
  };
}

function albumRef(value: unknown): AlbumRef {
  const body = object(value, 'album');
  return { id: id(body, 'album'), title: text(body.title) };
}

/** A track of any listing; an album's tracklist names no album, so the caller gives it. */
export function toTrackHit(value: unknown, album?: AlbumRef): TrackHit {
  const body = object(value, 'track');
  const title = text(body.title);
  if (!title) throw new WireError('track has no title');
  return {
    id: id(body, 'track'),
    title,
    isrc: isrc(body.isrc),
    durationMs: count(body.duration) * 1000,
    explicit: body.explicit_lyrics === true,
    rank: count(body.rank),
    previewUrl: url(body.preview),
    trackNumber: optionalCount(body.track_position),
    discNumber: optionalCount(body.disk_number),
    artist: artistRef(body.artist),
    album: body.album === undefined && album ? album : albumRef(body.album),
  };
}

function contributors(value: unknown, main: ArtistRef): Contributor[] {
  const list = Array.isArray(value) ? value : [];
  const credited = list.map((c) => ({
    ...artistRef(c, 'contributor'),
    role: text(object(c, 'contributor').role) || 'Main',
  }));
  // The main artist first, as the domain promises; Deezer lists contributors in its own order.
  const first = credited.find((c) => c.id === main.id) ?? { ...main, role: 'Main' };
  return [first, ...credited.filter((c) => c !== first)];
}

export function toTrack(value: unknown): Track {
  const body = object(value, 'track');
  const hit = toTrackHit(body);
  return {
    ...hit,
    artists: contributors(body.contributors, hit.artist),
    releaseDate: date(body.release_date) ?? date(object(body.album, 'album').release_date),
  };
}

/** An album of any listing; an artist's releases name no artist, so the caller gives it. */
export function toAlbumHit(value: unknown, artist?: ArtistRef): AlbumHit {
  const body = object(value, 'album');
  return {
    ...albumRef(body),
    artist: body.artist === undefined && artist ? artist : artistRef(body.artist),
    recordType: RECORD_TYPES[text(body.record_type)] ?? 'album',
    releaseDate: date(body.release_date),
    trackCount: optionalCount(body.nb_tracks),
    explicit: body.explicit_lyrics === true,
    genreId: typeof body.genre_id === 'number' && body.genre_id >= 0 ? body.genre_id : null,
    fans: optionalCount(body.fans),
    coverUrl: url(body.cover_xl) ?? url(body.cover_big),
  };
}

/**
 * The tracklist an album body embeds, when it is the whole one: one call fewer than paging it.
 * Deezer embeds the first 25 tracks at most, so a longer album (or one with a track of another
 * shape) has none here and is paged in through `/album/{id}/tracks`.
 */
function wholeTracklist(body: Json, album: AlbumRef, trackCount: number | null): TrackHit[] | undefined {
  if (trackCount === null || body.tracks === undefined) return undefined;
  try {
    const { items } = listOf(body.tracks, 'album tracks');
    return items.length === trackCount ? items.map((t) => toTrackHit(t, album)) : undefined;
  } catch (error) {
    if (error instanceof WireError) return undefined;
    throw error;
  }
}

export function toAlbum(value: unknown): Album {
  const body = object(value, 'album');
  const hit = toAlbumHit(body);
  const genres =
    body.genres === undefined
      ? []
      : listOf(body.genres, 'album genres')
          .items.map((g) => text(object(g, 'genre').name))
          .filter(Boolean);
  const tracks = wholeTracklist(body, { id: hit.id, title: hit.title }, hit.trackCount);
  return {
    ...hit,
    trackCount: hit.trackCount ?? 0,
    fans: hit.fans ?? 0,
    duration: count(body.duration),
    label: text(body.label) || null,
    upc: /^\d{12,14}$/.test(text(body.upc)) ? text(body.upc) : null,
    genres,
    contributors: contributors(body.contributors, hit.artist),
    ...(tracks && { tracks }),
  };
}

export function toPlaylistHit(value: unknown): PlaylistHit {
  const body = object(value, 'playlist');
  // Searches name the creator `user`, lookups `creator`.
  const creator = artistRef(body.creator ?? body.user, 'playlist creator');
  return {
    id: id(body, 'playlist'),
    title: text(body.title),
    trackCount: count(body.nb_tracks),
    creator,
    public: body.public !== false,
    fans: optionalCount(body.fans),
    coverUrl: url(body.picture_xl) ?? url(body.picture_big),
  };
}

export function toPlaylist(value: unknown): Playlist {
  const body = object(value, 'playlist');
  const hit = toPlaylistHit(body);
  return { ...hit, description: text(body.description), duration: count(body.duration), fans: hit.fans ?? 0 };
}

export function toGenre(value: unknown): Genre {
  const body = object(value, 'genre');
  return { id: id(body, 'genre'), name: text(body.name), imageUrl: url(body.picture_xl) ?? url(body.picture_big) };
}

/**
 * `/editorial/{id}/charts`: four lists in one body, each a Deezer list envelope (podcasts are
 * left out); `shape` maps each list's items (the driver's leaves odd ones out).
 */
export function toEditorialCharts(value: unknown, limit: number, shape: ShapeList = strictList): EditorialCharts {
  const body = object(value, 'editorial charts');
  const items = <T>(key: string, map: (item: unknown) => T): T[] =>
    shape(listOf(body[key], `editorial ${key}`).items.slice(0, limit), `editorial ${key}`, map);
  return {
    tracks: items('tracks', (t) => toTrackHit(t)),
    albums: items('albums', (a) => toAlbumHit(a)),
    artists: items('artists', toArtist),
    playlists: items('playlists', toPlaylistHit),
  };
}
