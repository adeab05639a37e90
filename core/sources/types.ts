/**
 * @module
 * The upstream contract, in domain terms. Every driver (the demo catalogue, Deezer,
 * ReccoBeats, AzuraCast, link metadata) maps its wire format into these types; routes and
 * services never see an upstream field name. Response shaping (spec §2) starts from here.
 */

/** Spec §2.3: the record type a release was filed under. */
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

export interface Artist extends ArtistRef {
  fans: number;
  albumCount: number;
  /** Genre names, most characteristic first. */
  genres: string[];
  /** The upstream's own picture (live mode), or null: the `/artistimage` proxy draws one. */
  imageUrl: string | null;
}

export interface AlbumRef {
  id: number;
  title: string;
}

export interface Album extends AlbumRef {
  artist: ArtistRef;
  recordType: RecordType;
  /** `YYYY-MM-DD`, or null when the upstream has no date. */
  releaseDate: string | null;
  trackCount: number;
  /** Total running time in seconds. */
  duration: number;
  label: string | null;
  upc: string | null;
  explicit: boolean;
  genreId: number | null;
  genres: string[];
  fans: number;
  contributors: Contributor[];
  /** The upstream's own cover (live mode), or null: the `/cover` proxy draws one. */
  coverUrl: string | null;
}

export interface Track {
  id: number;
  title: string;
  /** 12 upper-case characters, or null: a share of real catalogues has none. */
  isrc: string | null;
  durationMs: number;
  explicit: boolean;
  /** Popularity: higher is more popular. Its scale is the source's own. */
  rank: number;
  previewUrl: string | null;
  trackNumber: number | null;
  discNumber: number | null;
  /** The main artist. */
  artist: ArtistRef;
  /** Every credited artist, the main one first. */
  artists: Contributor[];
  album: AlbumRef;
  /** Release date of the track's album, when the source knows it cheaply. */
  releaseDate: string | null;
  /** Genre names of the track (through its album or artist). */
  genres: string[];
}

export interface PlaylistCreator {
  id: number;
  name: string;
}

export interface Playlist {
  id: number;
  title: string;
  description: string;
  trackCount: number;
  /** Total running time in seconds. */
  duration: number;
  creator: PlaylistCreator;
  public: boolean;
  fans: number;
  /** True for editorial (service-curated) playlists, false for user playlists. */
  editorial: boolean;
  coverUrl: string | null;
}

export interface Genre {
  id: number;
  name: string;
  imageUrl: string | null;
}

/** Spec §2.2 `audioFeatures`, in domain terms: the shape layer names the key. */
export interface AudioFeatures {
  isrc: string;
  /** Pitch class 0..11 (C = 0), or -1 when no key was detected. */
  keyIndex: number;
  mode: 'Major' | 'Minor';
  /** Beats per bar, or null when the provider has none (D17: the shape sends 4). */
  timeSignature: number | null;
  tempo: number;
  loudness: number;
  energy: number;
  danceability: number;
  valence: number;
  acousticness: number;
  instrumentalness: number;
  liveness: number;
  speechiness: number;
}

/** A chart actually served: `country` is the ISO code, or `global`. */
export interface Chart {
  country: string;
  tracks: Track[];
}

export interface Page<T> {
  items: T[];
  /** How many exist in all, for paging. */
  total: number;
}

/** What every call may carry: an abort signal, honoured by every driver. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface ListOptions extends CallOptions {
  limit: number;
  offset?: number;
}

export interface TrackSearchOptions extends ListOptions {
  /** Narrow to tracks credited to this artist (name, folded like the query). */
  artist?: string;
}

/** The outcome of a health probe (D13): the HTTP status seen, 0 when unreachable. */
export interface ProbeResult {
  ok: boolean;
  status: number;
}

interface Probed {
  /** Short driver name used in logs and errors: `catalog`, `deezer`, ... */
  readonly name: string;
  probe(options?: CallOptions): Promise<ProbeResult>;
}

/**
 * Music metadata. Lookups answer null for an unknown id; searches answer candidates
 * best-first by the source's own relevance (the D15 score is computed by the service).
 */
export interface MusicSource extends Probed {
  searchTracks(query: string, options: TrackSearchOptions): Promise<Track[]>;
  searchArtists(query: string, options: ListOptions): Promise<Artist[]>;
  searchAlbums(query: string, options: ListOptions): Promise<Album[]>;
  searchPlaylists(query: string, options: ListOptions): Promise<Playlist[]>;

  track(id: number, options?: CallOptions): Promise<Track | null>;
  trackByIsrc(isrc: string, options?: CallOptions): Promise<Track | null>;
  album(id: number, options?: CallOptions): Promise<Album | null>;
  albumTracks(id: number, options: ListOptions): Promise<Page<Track>>;
  artist(id: number, options?: CallOptions): Promise<Artist | null>;
  artistTopTracks(id: number, options: ListOptions): Promise<Track[]>;
  /** Every release of the artist, in the source's order; page through `total`. */
  artistAlbums(id: number, options: ListOptions): Promise<Page<Album>>;
  relatedArtists(id: number, options: ListOptions): Promise<Artist[]>;
  playlist(id: number, options?: CallOptions): Promise<Playlist | null>;
  playlistTracks(id: number, options: ListOptions): Promise<Page<Track>>;

  /** Editorial genres; the list holds id 0 named `All`. */
  genres(options?: CallOptions): Promise<Genre[]>;
  /** Latest global releases, newest first. */
  newReleases(options: ListOptions): Promise<Album[]>;
  /** The chart of a country (ISO alpha-2, upper case), or the global one for null. Null when that country has none. */
  chart(country: string | null, options: ListOptions): Promise<Chart | null>;
  /** Tracks of a genre keyword, most popular first: the pool `/playlist/generate` draws from. */
  genreTracks(genre: string, options: ListOptions): Promise<Track[]>;
}

/** Audio features by ISRC. */
export interface FeaturesSource extends Probed {
  /** Features of each known ISRC; unknown ones are absent from the map. */
  features(isrcs: readonly string[], options?: CallOptions): Promise<Map<string, AudioFeatures>>;
}

// ---- Radio: spec §2.7 and §4.19 are AzuraCast's own shapes, so the domain keeps them. ----

export interface Song {
  id: string;
  art: string;
  custom_fields: unknown[];
  text: string;
  artist: string;
  title: string;
  album: string;
  genre: string;
  isrc: string;
  lyrics: string;
}

export interface Listeners {
  total: number;
  unique: number;
  current: number;
}

export interface Mount {
  id: number;
  name: string;
  url: string;
  bitrate: number;
  format: string;
  listeners: Listeners;
  path: string;
  is_default: boolean;
}

export interface Station {
  id: number;
  name: string;
  shortcode: string;
  description: string;
  frontend: string;
  backend: string;
  timezone: string;
  listen_url: string;
  url: string;
  public_player_url: string;
  playlist_pls_url: string;
  playlist_m3u_url: string;
  is_public: boolean;
  requests_enabled: boolean;
  mounts: Mount[];
  remotes: unknown[];
  hls_enabled: boolean;
  hls_is_default: boolean;
  hls_url: string | null;
  hls_listeners: number;
}

export interface Live {
  is_live: boolean;
  streamer_name: string;
  broadcast_start: number | null;
  art: string | null;
}

export interface SongHistoryEntry {
  sh_id: number;
  /** Unix seconds. */
  played_at: number;
  /** Seconds. */
  duration: number;
  playlist: string;
  streamer: string;
  is_request: boolean;
  song: Song;
}

export interface NextSong {
  cued_at: number;
  played_at: number;
  duration: number;
  playlist: string;
  is_request: boolean;
  song: Song;
}

/** A station's state as the upstream reported it; the service recomputes elapsed/remaining (D12). */
export interface NowPlaying {
  station: Station;
  listeners: Listeners;
  live: Live;
  now_playing: SongHistoryEntry;
  playing_next: NextSong | null;
  song_history: SongHistoryEntry[];
  is_online: boolean;
}

export interface RadioSource extends Probed {
  /** The shortcode served when the caller names none. */
  readonly defaultStation: string;
  /** Null for an unknown station. `now` is Unix milliseconds (injectable for tests). */
  nowPlaying(station: string, options?: CallOptions & { now?: number }): Promise<NowPlaying | null>;
}

/** Every driver the service talks to, chosen by mode (D1) or injected by an embedder. */
export interface Sources {
  music: MusicSource;
  features: FeaturesSource;
  radio: RadioSource;
}
