/**
 * @module
 * The catalogue file format, version 1 (documented in docs/demo-mode.md): JSON
 * Lines, a header line then one record per line, each naming its `type`. One record per line
 * keeps a million-track file streamable and lets a validation error name its line.
 */
import type { AudioFeatures } from '../../domain/features.ts';
import type { Genre, RecordType, Track } from '../../domain/music.ts';

export const CATALOG_FORMAT = 'sleeve-catalogue';
export const CATALOG_VERSION = 1;

/** The first line of every file. */
export interface CatalogHeader {
  format: typeof CATALOG_FORMAT;
  version: typeof CATALOG_VERSION;
  /** True for generated files: demo data never pretends to be real. */
  generated: boolean;
  note: string;
  seed: string | null;
  /** The day the catalogue is "as of" (`YYYY-MM-DD`): no release is newer. */
  asOf: string;
}

/** Audio features of a track, without the ISRC (the track carries it). */
export type FeaturesRecord = Omit<AudioFeatures, 'isrc'>;

export interface GenreRecord extends Genre {
  type: 'genre';
}

export interface ArtistRecord {
  type: 'artist';
  id: number;
  name: string;
  fans: number;
  /** ISO alpha-2 home country: drives the local charts. */
  country: string;
  genres: string[];
  /** Related artist ids, sharing a genre, most related first. */
  related: number[];
  imageUrl: string | null;
}

export interface AlbumRecord {
  type: 'album';
  id: number;
  title: string;
  artistId: number;
  recordType: RecordType;
  releaseDate: string | null;
  label: string | null;
  upc: string | null;
  explicit: boolean;
  genreId: number | null;
  fans: number;
  /** Every credited artist (main first) with the role: `Main`, `Featured`. */
  contributors: { id: number; role: string }[];
  coverUrl: string | null;
}

/** A track as stored: the domain fields it shares with `Track` (an ISRC is 12 characters, `CC-XXX-YY-NNNNN` without dashes, or null), plus references by id. */
export interface TrackRecord
  extends Pick<Track, 'id' | 'title' | 'isrc' | 'durationMs' | 'explicit' | 'rank' | 'previewUrl'> {
  type: 'track';
  albumId: number;
  trackNumber: number;
  discNumber: number;
  artistId: number;
  /** Featured artist ids, credited after the main artist. */
  featured: number[];
  /** Null when the track has no ISRC, or none were measured. */
  features: FeaturesRecord | null;
}

export interface PlaylistRecord {
  type: 'playlist';
  id: number;
  title: string;
  description: string;
  creator: { id: number; name: string };
  public: boolean;
  fans: number;
  editorial: boolean;
  trackIds: number[];
  coverUrl: string | null;
}

export interface ChartRecord {
  type: 'chart';
  /** ISO alpha-2 code, or `global`. */
  country: string;
  trackIds: number[];
}

export interface NewReleasesRecord {
  type: 'newReleases';
  /** Newest first. */
  albumIds: number[];
}

export type CatalogRecord =
  | GenreRecord
  | ArtistRecord
  | AlbumRecord
  | TrackRecord
  | PlaylistRecord
  | ChartRecord
  | NewReleasesRecord;

/** A whole catalogue in memory: what the generator makes and the loader reads back. */
export interface CatalogData {
  header: CatalogHeader;
  genres: GenreRecord[];
  artists: ArtistRecord[];
  albums: AlbumRecord[];
  tracks: TrackRecord[];
  playlists: PlaylistRecord[];
  charts: ChartRecord[];
  newReleases: number[];
}
