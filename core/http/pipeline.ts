/**
 * @module
 * A route's frame is one list of layers, each declared once by what it does (`Layer`). The full
 * frame (`frame-chain.ts`) runs the form derived from it here (`fullForm`), and the hit path is
 * composed from the same list (`composeHit`, `hit/hit-path.ts`), so each rule is written once,
 * in its layer, and the two ways in agree by construction.
 */
import type { Held } from './cache/entry.ts';
import { addHeaders, setVersion, versionOf } from './context.ts';
import type { FrameLayer } from './frame-chain.ts';
import type { HeaderReader, RequestView } from './hit/request-view.ts';
import { isAtLeast, type VersionInfo } from './versions.ts';

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

/** The observer's core: the request's id (the first header of its answer) and, once answered, its record (undefined when no line or figure is kept). */
export interface Observer {
  id(headers: HeaderReader): string;
  record: ((answered: Answered) => void) | undefined;
}

/**
 * The rate limit's core: one request of `ip` counted now, the headers its answer carries, or
 * the refusal thrown (or rejected, with a shared store).
 */
export type Count = (version: VersionInfo, ip: string | undefined, now: number) => Given | Promise<Given>;

/**
 * The cache's core: the entry held fresh for this URL; undefined when nothing is held fresh or
 * the URL is not known yet (the full form then makes its key and looks on its own).
 */
export type Look = (url: string, request: RequestView, now: number) => Held | undefined;

/**
 * One layer of a route's frame, declared once by what it does. The full frame's form is derived
 * from it (`fullForm`), and so is the hit path's reading of it (`composeHit`): no layer
 * states its rule twice. The three whose core is what a held hit needs (the observer, the rate
 * limit, the cache) give that function, and build their full form around it in the same file.
 */
export type Layer =
  /** Gives every answer these headers (one object, never changed), a held hit's too, in the list's order. */
  | { kind: 'headers'; headers: Readonly<Record<string, string>> }
  /** The version the request is answered as (a prefix's pin), for the later layers and the hit. */
  | { kind: 'version'; version: VersionInfo }
  /**
   * Acts (`act`: its answer or refusal) only on a request `when` holds for, and passes any
   * other on. `when` reads only the request (`RequestView`), so the hit path asks the same
   * question and leaves to the full frame every request it holds for.
   */
  | { kind: 'when'; when(request: RequestView): boolean; act: FrameLayer }
  /**
   * Acts only on a request answered as a version older than `since` (the 404 of a path that
   * arrived later). A route's version is known when its hit path is composed: one older than
   * `since` gets none, a newer one meets nothing here.
   */
  | { kind: 'before'; since: string; act: FrameLayer }
  /**
   * Readies the request for its route (its scope, its validated parameters): only the route
   * and the layers after it read what it leaves. The hit path runs no route, and the cache
   * holds only URLs whose query this frame validated.
   */
  | { kind: 'readies'; readies: FrameLayer }
  /** The observer (`Observer`), and its full form built around it. */
  | { kind: 'observe'; observer: Observer; full: FrameLayer }
  /** The rate limit (`Count`), and its full form built around it. */
  | { kind: 'count'; count: Count; full: FrameLayer }
  /** The cache (`Look`), and its full form built around the same rule. */
  | { kind: 'hold'; look: Look; full: FrameLayer }
  /**
   * The route itself, what answers in its place (a 405, the catch-all 404, a refresh's rerun),
   * or what wraps an answer nothing holds (no-store): the full frame's alone. The hit path
   * answers from the cache before any of it; a list with one before the cache has no hit path.
   */
  | { kind: 'route'; run: FrameLayer };

/** A layer of a given kind. */
export type LayerOf<K extends Layer['kind']> = Extract<Layer, { kind: K }>;

/** A layer's full form, derived from its declaration: what the full frame runs for it. */
export function fullForm(layer: Layer): FrameLayer {
  switch (layer.kind) {
    case 'headers': {
      const { headers } = layer;
      return (c, next) => {
        // Given before the answer exists, so it is built with them (`addHeaders`), errors included.
        addHeaders(c, headers);
        return next();
      };
    }
    case 'version': {
      const { version } = layer;
      return (c, next) => {
        setVersion(c, version);
        return next();
      };
    }
    case 'when': {
      const { when, act } = layer;
      return (c, next) => (when(c.req.raw) ? act(c, next) : next());
    }
    case 'before': {
      const { since, act } = layer;
      return (c, next) => (isAtLeast(versionOf(c), since) ? next() : act(c, next));
    }
    case 'readies':
      return layer.readies;
    case 'observe':
    case 'count':
    case 'hold':
      return layer.full;
    case 'route':
      return layer.run;
  }
}
