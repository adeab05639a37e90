/**
 * @module
 * The music driver's contract (the demo catalogue, Deezer): searches, lookups, listings, pictures.
 */
import type { ImageBytes, ImageFormat } from '../../domain/images.ts';
import type {
  Album,
  AlbumHit,
  Artist,
  ArtistRef,
  Chart,
  EditorialCharts,
  Genre,
  Page,
  Playlist,
  PlaylistHit,
  Track,
  TrackHit,
} from '../../domain/music.ts';
import type { CallOptions, Probed } from './driver.ts';

export interface ListOptions extends CallOptions {
  limit: number;
  offset?: number;
}

export interface ArtistAlbumsOptions extends ListOptions {
  /**
   * The artist, when the caller has found it already: a source whose release listings name no
   * artist (Deezer's) takes the name from here rather than looking the artist up again.
   */
  artist?: ArtistRef;
}

export interface GenreTracksOptions extends ListOptions {
  /**
   * The caller will ask audio features of these tracks (to filter by energy and tempo), so it
   * needs their ISRCs: a source whose cheapest genre listing lacks them (Deezer's charts) lists
   * tracks that carry them, at the cost of a few more calls.
   */
  withIsrc?: boolean;
}

export interface TrackSearchOptions extends ListOptions {
  /** Narrow to tracks credited to this artist (name, folded like the query). */
  artist?: string;
}

export interface ImageOptions extends CallOptions {
  /** Pixels, 1 to 1000; absent: the picture's own size (a missing one follows the other: square). */
  width?: number;
  height?: number;
  /** Asked for; a host that cannot make it answers its own format (Deezer: JPEG for webp). */
  format?: ImageFormat;
}

/**
 * Music metadata. Searches and lists answer hits; lookups by id answer whole records (null
 * for an unknown id), so a service that needs a record's every field asks for it by id.
 * Searches answer candidates best-first by the source's own relevance (the service computes its
 * own ranking score).
 */
export interface MusicDriver extends Probed {
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
   * The bytes of a picture this source answered (a `coverUrl` or `imageUrl`), fetched from
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

  // ---- The endpoints beyond the interface's (D21): optional, so a source written before them
  // still compiles; an endpoint whose source lacks one answers 503 `not_configured`. ----

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
   * track's preview itself (`/media/previews/<id>.wav`) instead of redirecting to `preview()`.
   */
  readonly generatedPreviews?: boolean;
}
