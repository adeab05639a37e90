/**
 * @module
 * The lyrics driver's contract (D25): a keyless lyrics database (LRCLIB).
 */
import type { Attribution } from '../../domain/attribution.ts';
import type { Lyrics } from '../../domain/lyrics.ts';
import type { CallOptions, Probed } from './driver.ts';

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

/** Lyrics: a keyless lyrics database (LRCLIB), never words of the service's own. */
export interface LyricsDriver extends Probed {
  readonly attribution: Attribution;
  /** The best record for the track, or null when the source has none. */
  lyrics(query: LyricsQuery): Promise<Lyrics | null>;
  /** Records matching, best first, as many as the source gives (LRCLIB: at most 20). */
  search(query: LyricsSearchQuery): Promise<Lyrics[]>;
}
