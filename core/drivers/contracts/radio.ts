/**
 * @module
 * The radio driver's contract (the demo station, AzuraCast).
 */
import type { NowPlaying } from '../../domain/radio.ts';
import type { CallOptions, Probed } from './driver.ts';

export interface RadioDriver extends Probed {
  /** The shortcode served when the caller names none. */
  readonly defaultStation: string;
  /**
   * True for a station that is computed, not broadcast (the demo station): its programme
   * is real data, but its stream URLs lead nowhere (`.invalid` hosts), so `/listen.mp3`
   * refuses with 503 `not_configured` rather than redirect to them (D27). Absent: a real station.
   */
  readonly simulated?: boolean;
  /** Null for an unknown station. `now` is Unix milliseconds, the Sleeve's clock's (a test moves it). */
  nowPlaying(station: string, options: CallOptions & { now: number }): Promise<NowPlaying | null>;
  /**
   * Optional: one upstream subscription to a station (a live feed where the upstream offers
   * one, else polling every `pollMs`) calling `onUpdate` with each state it learns of, the
   * current one first when the feed sends it; states may repeat (callers dedupe). Returns the
   * function that closes it. The service opens one per station for all its listeners;
   * a source without `watch` is polled by the service.
   */
  watch?(station: string, onUpdate: (np: NowPlaying) => void, options: RadioWatchOptions): () => void;
}

export interface RadioWatchOptions {
  /** Milliseconds between polls when there is no live feed (`radioPollMs`). */
  pollMs: number;
}
