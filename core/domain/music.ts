/**
 * @module
 * The music catalogue in domain terms: tracks, albums, artists, playlists, genres and charts, as
 * every music driver (the demo catalogue, Deezer) answers them, whatever its wire format. Routes,
 * services and shapes start from these values; they never see an upstream field name.
 */

/** The record type a release was filed under. */
export type RecordType = 'album' | 'single' | 'ep' | 'compilation';

export const RECORD_TYPES: readonly RecordType[] = ['album', 'single', 'ep', 'compilation'];

/** How a credited artist took part (`Main`, `Featured`, ... as upstreams spell them). */
export type Role = 'Main' | 'Featured' | (string & {});

export interface ArtistRef {
  id: number;
  name: string;
}

export interface Contributor extends ArtistRef {
  role: Role;
}

/**
 * An artist as both searches and lookups answer it: upstreams list artists with the same
 * fields everywhere, so artists need no hit/record split.
 */
export interface Artist extends ArtistRef {
  fans: number;
  albumCount: number;
  /** Genre names, most characteristic first; empty when the source files genres on albums only (Deezer). */
  genres: string[];
  /** The upstream's own picture (live mode), or null: the `/artistimage` proxy draws one. */
  imageUrl: string | null;
}

export interface AlbumRef {
  id: number;
  title: string;
  /**
   * The album's own cover (live mode), when the listing that named the album carries it (a
   * Deezer track listing does): `/cover` then needs no album lookup. Absent when not carried.
   */
  coverUrl?: string | null;
}

/**
 * An album as a listing carries it (a search, an artist's releases, new releases). Listings
 * differ in what they carry: a field a listing lacks is null, never guessed.
 */
export interface AlbumHit extends AlbumRef {
  artist: ArtistRef;
  recordType: RecordType;
  /** `YYYY-MM-DD`, or null when the listing or the upstream has no date. */
  releaseDate: string | null;
  /** Null when the listing does not say (Deezer's artist releases). */
  trackCount: number | null;
  explicit: boolean;
  genreId: number | null;
  /** Null when the listing does not say (Deezer's album search). */
  fans: number | null;
  /** The upstream's own cover (live mode), or null: the `/cover` proxy draws one. */
  coverUrl: string | null;
}

/** A whole album, looked up by id: what `/album/info` needs. */
export interface Album extends AlbumHit {
  trackCount: number;
  fans: number;
  /** Total running time in seconds. */
  duration: number;
  label: string | null;
  upc: string | null;
  genres: string[];
  contributors: Contributor[];
  /**
   * The whole tracklist as the album's own record carries it, in order, when the record
   * carries all of it (Deezer embeds at most 25): enough for `/album/info`, which numbers
   * tracks by their order and shows no ISRC. Absent otherwise; `MusicDriver.albumTracks`
   * always has the tracklist, with ISRCs and positions.
   */
  tracks?: TrackHit[];
}

/** A track as a listing carries it (a search, a chart, top tracks, an album's or playlist's tracks). */
export interface TrackHit {
  id: number;
  title: string;
  /** 12 upper-case characters; null when the track has none or the listing does not carry it. */
  isrc: string | null;
  durationMs: number;
  explicit: boolean;
  /** Popularity: higher is more popular. Its scale is the source's own. */
  rank: number;
  /** The upstream's preview; may be signed and short-lived (live), so answers point at `/track/preview`. */
  previewUrl: string | null;
  /** Position on its album: known in an album's tracklist or a full record, else null. */
  trackNumber: number | null;
  discNumber: number | null;
  /** The main artist. */
  artist: ArtistRef;
  album: AlbumRef;
}

/** A whole track, looked up by id or ISRC: what the full track needs of the track itself. */
export interface Track extends TrackHit {
  /** Every credited artist, the main one first. */
  artists: Contributor[];
  /** Release date of the track's album. */
  releaseDate: string | null;
}

/**
 * The artists credited on a track, main first: a whole record's list, or the main artist alone
 * when a listing gave only that.
 */
export function creditsOf(track: TrackHit | Track): readonly ArtistRef[] {
  return isTrackRecord(track) ? track.artists : [track.artist];
}

/** Whether a listing already gave the whole record (the demo catalogue always does). */
export function isTrackRecord(track: TrackHit | Track): track is Track {
  return 'artists' in track;
}

export interface PlaylistCreator {
  id: number;
  name: string;
}

/** A playlist as a search lists it. */
export interface PlaylistHit {
  id: number;
  title: string;
  trackCount: number;
  creator: PlaylistCreator;
  public: boolean;
  /** Null when the listing does not say (Deezer's playlist search). */
  fans: number | null;
  coverUrl: string | null;
}

/** A whole playlist, looked up by id (`/playlist/info`). */
export interface Playlist extends PlaylistHit {
  description: string;
  /** Total running time in seconds. */
  duration: number;
  fans: number;
}

export interface Genre {
  id: number;
  name: string;
  imageUrl: string | null;
}

/** A chart actually served: `country` is the ISO code, or `global`. */
export interface Chart {
  country: string;
  tracks: TrackHit[];
}

/** An editorial's charts (Deezer's `/editorial/{id}/charts`), each list in chart order. */
export interface EditorialCharts {
  tracks: TrackHit[];
  albums: AlbumHit[];
  artists: Artist[];
  playlists: PlaylistHit[];
}

export interface Page<T> {
  items: T[];
  /** How many exist in all, for paging. */
  total: number;
}
