import type { Held } from './cache/entry.ts';
import type { FrameLayer } from './frame-chain.ts';
import type { HeaderReader, RequestView } from './hit/request-view.ts';
import type { VersionInfo } from './versions.ts';

/** A layer's headers for one answer, or none. */
export type Given = Readonly<Record<string, string>> | undefined;

/** An answer as the observer records it (its line and its figures). */
export interface Answered {
  id: string;
  method: string;
  url: string;
  /** The endpoint's declared path (`routeLabels`). */
  route: string;
  status: number;
  /** `performance.now()` when the request arrived. */
  started: number;
  /** Unix time in ms when it arrived, when the caller has read the clock already (the hit path): a clock read costs 35-45 ns. */
  arrived?: number;
  /** `X-Cache` as the cache layer told it, without reading headers back (they would be rebuilt on Node). */
  cache: string | null;
  ip: string | undefined;
  upstream: number;
  /** A `/batch` sub-request: counted in /metrics, no line of its own. */
  sub: boolean;
  /** The D3 error the answer was rendered from (a `SleeveError`), when it was one. */
  error?: AnsweredError | undefined;
}

/** What the observer reads of an answer's error: its line says the code, and a 5xx's message. */
export interface AnsweredError {
  readonly code: string;
  readonly message: string;
  readonly status: number;
}

/** What a layer does to a request the hit path answers. */
export type HitForm =
  /** Nothing: it acts only on what the hit path never answers (a preflight, a path its version lacks). */
  | { kind: 'pass' }
  /** Before anything is counted: true leaves the request to the full frame, where this layer answers it. */
  | { kind: 'check'; declines(headers: HeaderReader & { has(name: string): boolean }): boolean }
  /** These headers on every answer, in the list's order. */
  | { kind: 'headers'; headers: Readonly<Record<string, string>> }
  /** The version the answer is given as (a version prefix's pin). */
  | { kind: 'version'; version: VersionInfo }
  /**
   * The request's id (`id`, the first header of its answer) and, once answered, its record
   * (`record`, undefined when no line or figure is kept).
   */
  | { kind: 'observe'; id(headers: HeaderReader): string; record: ((answered: Answered) => void) | undefined }
  /**
   * Counts the request once the hit path has chosen to answer it: the headers its answer
   * carries, or the refusal thrown (or rejected, with a shared store).
   */
  | { kind: 'count'; count(version: VersionInfo, ip: string | undefined, now: number): Given | Promise<Given> }
  /**
   * The answer itself: the entry held fresh for this URL; undefined when nothing is held fresh
   * or the URL is not known yet (the full frame's cache layer then looks on its own).
   */
  | { kind: 'hold'; look(url: string, request: RequestView, now: number): Held | undefined };

/** One layer of the frame: its full form and, when it has one, its hit form. */
export interface Layer {
  full: FrameLayer;
  hit?: HitForm;
}

/** A layer that only passes a hit on, for the rules the hit path's own entry already keeps (`pass`). */
export const passing = (full: FrameLayer): Layer => ({ full, hit: { kind: 'pass' } });

/** A layer the hit path never stands in for: any route it is on is the full frame's alone. */
export const fullOnly = (full: FrameLayer): Layer => ({ full });
