/** @module What every server adapter (`sleeve/node`, `sleeve/bun`, `sleeve/deno`) takes besides Sleeve's own options. */
import type { SleeveOptions } from '../core/index.ts';

export interface ServeOptions extends SleeveOptions {
  /** Default 8787; 0 takes any free port. */
  port?: number;
  hostname?: string;
  /**
   * D34: on SIGTERM or SIGINT, drain, let requests in flight finish and exit within
   * `shutdownTimeoutMs`; a second signal exits at once. Default true; false leaves signals to
   * the embedder, who can still call the `shutdown()` that `serve` returns.
   */
  gracefulShutdown?: boolean;
  /** D34: how long a graceful shutdown may take before what is left is cut, in ms (default 10 000, `SLEEVE_SHUTDOWN_TIMEOUT_MS`). */
  shutdownTimeoutMs?: number;
}
