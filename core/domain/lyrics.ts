/**
 * @module
 * A lyrics record (D25), as a lyrics database files it.
 */

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
