/**
 * @module
 * What a platform says about a linked item (D11). What a link itself says (its platform, kind
 * and id) is `core/links/`.
 */

/** What a platform says about a linked item, in domain terms. */
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
