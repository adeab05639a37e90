/**
 * @module
 * What a step of the frame gives back to the layers above it, as the result of their `next()`
 * (`frame-chain.ts`): the answer, and what was said of it on the way that the layers above read
 * without reading the answer back. The route says its JSON text (so the cache keeps the text as
 * it was made, not read back from the Response: a stream read, and on Node its headers rebuilt),
 * whether it left something out because an upstream failed (sent, never kept: the next caller
 * tries again, docs/live-mode.md), and how briefly a "not found" in a 200 is kept (the upstream
 * may know the track tomorrow); a failure says the D3 error it was rendered from; the cache says
 * its verdict (`X-Cache`). Nothing travels back up any other way: no context variable is set
 * below and read above.
 */
import type { SleeveError } from '../errors.ts';

/** What the route or a layer says of its answer; every field optional. */
export interface OutcomeNotes {
  /** The route's JSON answer as text, as it made it. */
  json?: string | undefined;
  /** Why the answer has a gap (an upstream failed): sent `no-store`, never kept. */
  degraded?: string | undefined;
  /** Seconds to keep an answer that says "not found" in a 200. */
  brief?: number | undefined;
  /** The D3 error the answer was rendered from, for the cache and the request's log line. */
  error?: SleeveError | undefined;
  /**
   * What a step threw, the answer rendered from it (`error`): the cache judges by it (an upstream
   * failure answered from a stale entry, a refusal promised later), as only a `SleeveError`
   * thrown is one Sleeve said; anything else is the route's bug, whatever it was rendered as.
   */
  thrown?: Error | undefined;
  /** The cache's verdict (`HIT`, `MISS`, `STALE`), for the log line and /metrics. */
  cache?: string | undefined;
}

/** An answer and its notes, as one step hands it up (a class, so the frame tells it from a bare Response). */
export class Outcome {
  readonly res: Response;
  readonly json: string | undefined;
  readonly degraded: string | undefined;
  readonly brief: number | undefined;
  readonly error: SleeveError | undefined;
  readonly thrown: Error | undefined;
  readonly cache: string | undefined;
  constructor(res: Response, notes?: OutcomeNotes) {
    // Every field set, in one order: one shape for every outcome.
    this.res = res;
    this.json = notes?.json;
    this.degraded = notes?.degraded;
    this.brief = notes?.brief;
    this.error = notes?.error;
    this.thrown = notes?.thrown;
    this.cache = notes?.cache;
  }
}
