/**
 * @module
 * What a server adapter (`sleeve/node`, `sleeve/bun`, `sleeve/deno`) lets connections hold,
 * and for how long it lets a shutdown run. Core never reads these: they belong to the server
 * around it, so they live here with the adapters, and `ServeOptions` adds them to Sleeve's own.
 */

/** The server limits as options (`ServeOptions`), each with its default. */
export interface ServerLimitOptions {
  /**
   * Open connections per process past which a new one is refused with a 503 (default 1024).
   * Enforced by `sleeve/node`; Bun and Deno offer no hook to count connections.
   */
  maxConnections?: number;
  /**
   * D57: open connections one client (one IPv4 address, one IPv6 /64) may hold, counted from
   * accept; past it that client's new connection is refused with a 429 while others are
   * served (default a quarter of `maxConnections`, at least 1). Not applied behind a trusted
   * proxy (`trustProxy`), where every connection comes from the proxy. Enforced by
   * `sleeve/node`, as `maxConnections`.
   */
  maxConnectionsPerIp?: number;
  /**
   * How long a connection with no request in progress stays open, in ms (default 10 000).
   * Node: `keepAliveTimeout` (plus Node's own 1 s). Bun: `idleTimeout` in whole seconds (at
   * most 255), which also cuts a silent or slow-headers client. Deno: no such setting.
   */
  idleTimeoutMs?: number;
  /**
   * How long a client has to send a request's headers, in ms, counted from its connection or
   * the start of the request (default 10 000). Node only (Bun: see `idleTimeoutMs`).
   */
  headersTimeoutMs?: number;
  /**
   * D34: how long a graceful shutdown (SIGTERM, SIGINT) may take, in ms, before the
   * connections still open are cut and the process exits 1 (default 10 000).
   */
  shutdownTimeoutMs?: number;
  /**
   * D39: after SIGTERM or SIGINT, how long the server keeps accepting and answering requests
   * (each answer closing its connection) while `/healthz` answers 503 `draining`, before the
   * drain of D34 begins, in ms (default 0: the drain begins at once). For Kubernetes, which
   * keeps sending new connections for a few seconds while it removes the endpoint.
   */
  shutdownDelayMs?: number;
}

/** The connection limits a server adapter applies, all set. */
export type ServerLimits = Required<ServerLimitOptions>;

/** D57: one client's share of the connections when none is given: enough for a browser's few and a NAT's many users, short of the whole. */
const defaultPerIp = (maxConnections: number): number => Math.max(1, Math.floor(maxConnections / 4));

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  maxConnections: 1024,
  maxConnectionsPerIp: defaultPerIp(1024),
  idleTimeoutMs: 10_000,
  headersTimeoutMs: 10_000,
  shutdownTimeoutMs: 10_000,
  shutdownDelayMs: 0,
};

export function serverLimits(options: ServerLimitOptions): ServerLimits {
  const maxConnections = options.maxConnections ?? DEFAULT_SERVER_LIMITS.maxConnections;
  return {
    maxConnections,
    maxConnectionsPerIp: options.maxConnectionsPerIp ?? defaultPerIp(maxConnections),
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_SERVER_LIMITS.idleTimeoutMs,
    headersTimeoutMs: options.headersTimeoutMs ?? DEFAULT_SERVER_LIMITS.headersTimeoutMs,
    shutdownTimeoutMs: options.shutdownTimeoutMs ?? DEFAULT_SERVER_LIMITS.shutdownTimeoutMs,
    shutdownDelayMs: options.shutdownDelayMs ?? DEFAULT_SERVER_LIMITS.shutdownDelayMs,
  };
}
