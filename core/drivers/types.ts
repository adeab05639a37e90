/**
 * @module
 * The upstream contract, in domain terms. Every driver (the demo catalogue, Deezer,
 * ReccoBeats, AzuraCast, link metadata, LRCLIB's lyrics, Wikimedia's artist knowledge, the
 * chat model of the AI routes) maps its wire format into these types; routes and services
 * never see an upstream field name. Response shaping starts from here.
 */

import type { ParsedLink } from '../links/types.ts';

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

/** A whole album, looked up by id: what `/album/info` (spec §2.3) needs. */
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
   * tracks by their order and shows no ISRC. Absent otherwise; `MusicSource.albumTracks`
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

/** A whole track, looked up by id or ISRC: what the full track (spec §2.2) needs of the track itself. */
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

/** A whole playlist, looked up by id (D11's `/playlist/info`). */
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
  tracks: TrackHit[];
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

/** D14: what an image host can be asked to make (spec §4's `/spotify/cover?format=`). */
export type ImageFormat = 'jpg' | 'png' | 'webp';

export interface ImageOptions extends CallOptions {
  /** Pixels, 1 to 1000; absent: the picture's own size (a missing one follows the other: square). */
  width?: number;
  height?: number;
  /** Asked for; a host that cannot make it answers its own format (Deezer: JPEG for webp). */
  format?: ImageFormat;
}

/** The bytes of one picture, as its image host sent them. */
export interface ImageBytes {
  body: Uint8Array<ArrayBuffer>;
  /** As the host said it, and always a raster `image/*` type. */
  contentType: string;
  /** A strong validator of exactly these bytes, quoted: `"3f2a…"`. */
  etag: string;
}

export interface ListOptions extends CallOptions {
  limit: number;
  offset?: number;
}

export interface ArtistAlbumsOptions extends ListOptions {
  /**
   * The artist, when the caller has found it already: a source whose release listings name no
   * artist (Deezer's) takes the name from here rather than looking the artist up again (issue #35).
   */
  artist?: ArtistRef;
}

export interface GenreTracksOptions extends ListOptions {
  /**
   * The caller will ask audio features of these tracks (spec §4.16 filters), so it needs their
   * ISRCs: a source whose cheapest genre listing lacks them (Deezer's charts) lists tracks
   * that carry them, at the cost of a few more calls.
   */
  withIsrc?: boolean;
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
  /**
   * What `probe` asks, in a few words, for `/healthz`'s `X-Sleeve-Checked` header: `demo
   * catalogue`, or the upstream's base URL. Without it, `name` is said.
   */
  readonly probes?: string;
  probe(options?: CallOptions): Promise<ProbeResult>;
}

/**
 * Music metadata. Searches and lists answer hits; lookups by id answer whole records (null
 * for an unknown id), so a service that needs a record's every field asks for it by id.
 * Searches answer candidates best-first by the source's own relevance (the D15 score is
 * computed by the service).
 */
export interface MusicSource extends Probed {
  /**
   * False when the source's artists never carry genres (Deezer files them on albums only): an
   * artist's record then adds nothing to a full track that the track's own credit lacks, and
   * the track service spends no upstream call on it. Absent means true.
   */
  readonly artistGenres?: boolean;
  searchTracks(query: string, options: TrackSearchOptions): Promise<TrackHit[]>;
  searchArtists(query: string, options: ListOptions): Promise<Artist[]>;
  searchAlbums(query: string, options: ListOptions): Promise<AlbumHit[]>;
  searchPlaylists(query: string, options: ListOptions): Promise<PlaylistHit[]>;

  track(id: number, options?: CallOptions): Promise<Track | null>;
  trackByIsrc(isrc: string, options?: CallOptions): Promise<Track | null>;
  album(id: number, options?: CallOptions): Promise<Album | null>;
  /** The album with this UPC (digits; leading zeros are not significant: platforms pad to 12, 13 or 14). */
  albumByUpc(upc: string, options?: CallOptions): Promise<Album | null>;
  /** The album's tracklist in order, with ISRCs and positions. */
  albumTracks(id: number, options: ListOptions): Promise<Page<TrackHit>>;
  artist(id: number, options?: CallOptions): Promise<Artist | null>;
  artistTopTracks(id: number, options: ListOptions): Promise<TrackHit[]>;
  /** Every release of the artist, in the source's order; page through `total`. */
  artistAlbums(id: number, options: ArtistAlbumsOptions): Promise<Page<AlbumHit>>;
  relatedArtists(id: number, options: ListOptions): Promise<Artist[]>;
  /**
   * Tracks by artists like this one, best first (Deezer's artist "radio"): one call for what
   * would otherwise be a related-artists call plus one top-tracks call per related artist.
   */
  similarTracks(artistId: number, options: ListOptions): Promise<TrackHit[]>;
  playlist(id: number, options?: CallOptions): Promise<Playlist | null>;
  playlistTracks(id: number, options: ListOptions): Promise<Page<TrackHit>>;

  /**
   * A playable preview of the track valid right now, or null: live previews are signed and
   * expire within hours, so answers point at `/track/preview`, which asks here each time.
   */
  preview(id: number, options?: CallOptions): Promise<string | null>;

  /**
   * D14: the bytes of a picture this source answered (a `coverUrl` or `imageUrl`), fetched from
   * the source's own image host and nowhere else, or null when the URL is not one of that
   * host's pictures or the host has no such picture. Absent when the source has no image host:
   * the service draws its art instead (the demo catalogue).
   */
  image?(url: string, options?: ImageOptions): Promise<ImageBytes | null>;

  /** Editorial genres; the list holds id 0 named `All`. */
  genres(options?: CallOptions): Promise<Genre[]>;
  /** Latest global releases, newest first. */
  newReleases(options: ListOptions): Promise<AlbumHit[]>;
  /** The chart of a country (ISO alpha-2, upper case), or the global one for null. Null when that country has none. */
  chart(country: string | null, options: ListOptions): Promise<Chart | null>;
  /** Tracks of a genre keyword, most popular first: the pool `/playlist/generate` draws from. */
  genreTracks(genre: string, options: GenreTracksOptions): Promise<TrackHit[]>;

  // ---- Spec §4.21 (issue #15): optional, so a source written before them still compiles; an
  // endpoint whose source lacks one answers 503 `not_configured` (D21). ----

  /** The chart of a genre of `genres()` (id 0: every genre), most played first; empty when it has none. */
  genreChart?(genreId: number, options: ListOptions): Promise<TrackHit[]>;
  /** An editorial (a genre's editorial page; id 0 is `All`), or null when unknown. */
  editorial?(id: number, options?: CallOptions): Promise<Genre | null>;
  /** The albums an editorial picks, in its own order; empty when it picks none. */
  editorialSelection?(id: number, options: ListOptions): Promise<AlbumHit[]>;
  /** An editorial's charts, each list most popular first and at most `limit` long. */
  editorialCharts?(id: number, options: ListOptions): Promise<EditorialCharts>;
  /**
   * True for a source with no audio of its own (the demo catalogue): Sleeve synthesises each
   * track's preview itself (`/media/previews/<id>.wav`, D22) instead of redirecting to `preview()`.
   */
  readonly generatedPreviews?: boolean;
}

/** An editorial's charts (Deezer's `/editorial/{id}/charts`), each list in chart order. */
export interface EditorialCharts {
  tracks: TrackHit[];
  albums: AlbumHit[];
  artists: Artist[];
  playlists: PlaylistHit[];
}

/** What a caller knows of the track behind an ISRC. */
export interface FeatureHint {
  title: string;
  durationMs: number;
}

export interface FeaturesOptions extends CallOptions {
  /**
   * The tracks the ISRCs were read from: a provider that answers several records for one ISRC
   * (releases of one recording) picks the closest in duration and title.
   */
  hints?: ReadonlyMap<string, FeatureHint>;
}

/** Audio features by ISRC. */
export interface FeaturesSource extends Probed {
  /** Features of each known ISRC; unknown ones are absent from the map. */
  features(isrcs: readonly string[], options?: FeaturesOptions): Promise<Map<string, AudioFeatures>>;
}

/** What a platform says about a linked item (D11), in domain terms. */
export interface LinkMetadata {
  type: 'track' | 'album' | 'artist' | 'playlist';
  /** Track, album or playlist title, or the artist's name. */
  title: string;
  /** The main artist's name (null for an artist itself, or when the platform does not say). */
  artist: string | null;
  /** Track duration when known. */
  durationMs: number | null;
  /** Exact identifiers when the platform gives them (Spotify with credentials: ISRC, UPC). */
  isrc: string | null;
  upc: string | null;
}

/** Link metadata (D11): the platforms' own public endpoints, never any other host. */
export interface LinksSource extends Probed {
  /** Follows a short link, at most 3 redirects, only through D11's hosts; the URL it stands for, or null when it leads nowhere allowed (never fetching a foreign host). */
  expand(url: string, options?: CallOptions): Promise<string | null>;
  /** What the link's platform says about the item (Spotify, Apple, YouTube, SoundCloud; not Deezer, which is the music source), or null when it has nothing. */
  metadata(link: ParsedLink, options?: CallOptions): Promise<LinkMetadata | null>;
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
  /**
   * True for a station that is computed, not broadcast (the demo station, D1): its programme
   * is real data, but its stream URLs lead nowhere (`.invalid` hosts), so `/listen.mp3`
   * refuses with 503 `not_configured` rather than redirect to them (D27). Absent: a real station.
   */
  readonly simulated?: boolean;
  /** Null for an unknown station. `now` is Unix milliseconds (injectable for tests). */
  nowPlaying(station: string, options?: CallOptions & { now?: number }): Promise<NowPlaying | null>;
  /**
   * Optional: one upstream subscription to a station (a live feed where the upstream offers
   * one, else polling every `pollMs`) calling `onUpdate` with each state it learns of, the
   * current one first when the feed sends it; states may repeat (callers dedupe). Returns the
   * function that closes it. The service opens one per station for all its listeners (D12);
   * a source without `watch` is polled by the service.
   */
  watch?(station: string, onUpdate: (np: NowPlaying) => void, options: RadioWatchOptions): () => void;
}

export interface RadioWatchOptions {
  /** Milliseconds between polls when there is no live feed (`radioPollMs`). */
  pollMs: number;
}

/** Every driver the service talks to, chosen by mode (D1) or injected by an embedder. */
export interface Sources {
  music: MusicSource;
  features: FeaturesSource;
  radio: RadioSource;
  /** Link metadata for `/resolve` (live mode); absent in demo mode, which makes no network call. */
  links?: LinksSource;
  /** A chat model for `/chat`, `/assistant` and `/ai/*` (D30), in either mode; absent unless configured. */
  ai?: ChatModel;
  /** Lyrics (live mode, D25); absent in demo mode: `/lyrics*` answer 503 `not_configured`. */
  lyrics?: LyricsSource;
  /** Artist biography and facts (live mode, D26); absent in demo mode: 503 `not_configured`. */
  knowledge?: KnowledgeSource;
}

// ---- A chat model (D30): what the AI routes ask, in the OpenAI chat-completions terms. ----

/** One message of a conversation; `system` is the service's own instruction, never a caller's. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatReply {
  /** The model's answer, trimmed. */
  text: string;
  /** The model that answered, as the upstream names it (else the one asked for). */
  model: string;
}

export interface ChatModel {
  readonly name: string;
  /** The model asked for, as configured. */
  readonly model: string;
  complete(messages: readonly ChatMessage[], options?: CallOptions): Promise<ChatReply>;
}

// ---- Lyrics and knowledge (issue #15, D24–D26): live mode only; absent in demo mode. ----

/** Who an answer's words come from, as answers credit it (D25, D26). */
export interface Attribution {
  /** `LRCLIB`, `Wikipedia`, `Wikidata`. */
  source: string;
  /** The instance or page the words were taken from. */
  url: string;
  /** The licence of the words, when the source states one (`CC BY-SA 4.0`, `CC0 1.0`); null when it states none. */
  license: string | null;
  licenseUrl: string | null;
}

/** One lyrics record, as the lyrics source filed it. */
export interface Lyrics {
  /** The source's own record id. */
  id: number;
  title: string;
  artist: string;
  album: string | null;
  /** Seconds, as the source has them (fractions kept); null when it does not say. */
  duration: number | null;
  instrumental: boolean;
  /** Plain text, lines separated by `\n`; null when the record has none (instrumental, or synced only). */
  plain: string | null;
  /** LRC: each line prefixed `[mm:ss.xx]`; null when the record has none. */
  synced: string | null;
}

export interface LyricsQuery extends CallOptions {
  artist: string;
  title: string;
  album?: string;
  /** Seconds; the source matches within a couple of seconds. */
  duration?: number;
}

/** A search by free text (`query`) or by fields; `query` or `title` is given. */
export interface LyricsSearchQuery extends CallOptions {
  query?: string;
  title?: string;
  artist?: string;
  album?: string;
}

/** Lyrics (D25): a keyless lyrics database (LRCLIB), never words of the service's own. */
export interface LyricsSource extends Probed {
  readonly attribution: Attribution;
  /** The best record for the track, or null when the source has none. */
  lyrics(query: LyricsQuery): Promise<Lyrics | null>;
  /** Records matching, best first, as many as the source gives (LRCLIB: at most 20). */
  search(query: LyricsSearchQuery): Promise<Lyrics[]>;
}

/** An item of the knowledge base named by its id and its label (`Q142`, `France`). */
export interface KnowledgeRef {
  id: string;
  name: string;
}

/** Structured facts about a musician or band (D26), from a public knowledge base (Wikidata). */
export interface ArtistFacts {
  /** The knowledge base's id of the item (`Q185828`). */
  id: string;
  label: string;
  description: string | null;
  kind: 'group' | 'person';
  /** Countries of origin (a person: citizenship) and places of formation (a person: birth). */
  countries: KnowledgeRef[];
  places: KnowledgeRef[];
  /** Years as strings (`1993`), or null when the item does not say. */
  activeFrom: string | null;
  activeTo: string | null;
  genres: KnowledgeRef[];
  members: KnowledgeRef[];
  officialWebsite: string | null;
  /** The item's page in the knowledge base. */
  url: string;
  /** The title of the item's encyclopedia article, and its URL, when it has one. */
  article: { title: string; url: string } | null;
}

/** The lead of an encyclopedia article (D26). */
export interface Biography {
  title: string;
  description: string | null;
  /** Plain text, the article's first paragraphs. */
  extract: string;
  url: string;
  language: string;
  /** When the article was last edited (ISO 8601), when said. */
  lastModified: string | null;
}

export interface FindArtistOptions extends CallOptions {
  /** The music source's Deezer artist id, when the music source is Deezer: an item carrying it wins. */
  deezerArtistId?: number;
}

/** Artist knowledge (D26): Wikidata facts and the Wikipedia lead, keyless. */
export interface KnowledgeSource extends Probed {
  /** The musician or band of this name (Wikidata search, then a music-artist check), or null. */
  artist(name: string, options?: FindArtistOptions): Promise<ArtistFacts | null>;
  /** The lead of the article with this title, or null when there is none. */
  biography(title: string, options?: CallOptions): Promise<Biography | null>;
  readonly factsAttribution: Omit<Attribution, 'url'>;
  readonly biographyAttribution: Omit<Attribution, 'url'>;
}
