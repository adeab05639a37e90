/** @module What every server adapter (`sleeve/node`, `sleeve/bun`, `sleeve/deno`) takes besides Sleeve's own options. */
import type { RequestLogFormat, SleeveOptions } from '../../core/index.ts';
import type { ServerLimitOptions } from './server-limits.ts';

export interface ServeOptions extends SleeveOptions, ServerLimitOptions {
  /** Default 8787; 0 takes any free port. */
  port?: number;
  hostname?: string;
  /**
   * D34: on SIGTERM or SIGINT, drain, let requests in flight finish and exit within
   * `shutdownTimeoutMs` (`SLEEVE_SHUTDOWN_TIMEOUT_MS`); a second signal exits at once. Default
   * true; false leaves signals to the embedder, who can still call the `shutdown()` that
   * `serve` returns.
   */
  gracefulShutdown?: boolean;
}

/**
 * A server's request lines (D20, D45): on, as JSON, unless `requestLog` or `SLEEVE_LOG` says
 * otherwise. `createSleeve` alone keeps them off, for an embedder's host.
 */
export const SERVER_REQUEST_LOG: RequestLogFormat = 'json';
