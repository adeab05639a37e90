/** @module `sleeve/bun`: serve Sleeve with `Bun.serve`. */
/// <reference types="bun-types" />
import { processMemory } from '../shared/process-memory.ts';
import type { Sleeve } from '../../core/index.ts';
import { serverLimits } from '../shared/server-limits.ts';
import { boundAddress, listenUrl } from '../shared/listen-address.ts';
import { idleSeconds, keepStreamOpen, MAX_REQUEST_BODY_BYTES } from './limits.ts';
import { BunPeer } from './peer.ts';
import { closingConnection } from '../shared/closing-answer.ts';
import { exitOnSignals, gracefulStop, processSignals } from '../shared/graceful.ts';
import { stdoutLogger } from '../shared/stdout-log.ts';
import type { ServeOptions } from '../shared/serve-options.ts';
import { serverSleeve } from '../shared/server-sleeve.ts';
import { cardPool } from '../shared/card-pool.ts';
import { MAX_SOCKET_MESSAGE_BYTES } from '../shared/socket-messages.ts';

// hono/bun reads the Bun global as it loads (its SSG helper), so it is loaded only under Bun:
// plain Node must still be able to import this module (the package's exports check does).
const honoBun = 'Bun' in globalThis ? await import('hono/bun') : undefined;

export type { ServeOptions } from '../shared/serve-options.ts';
/** The environment as `npm start` reads it: Sleeve's variables and the server limits (`SLEEVE_MAX_CONNECTIONS`, ...). */
export { serveOptionsFromEnv, type ServeEnvConfig } from '../shared/serve-env.ts';

/**
 * What `serve` promises of the `Bun.Server` it returns (the object is Bun's own: cast it to
 * `Bun.Server<BunWebSocketData>` for the rest). Written out rather than named from bun-types
 * because JSR checks the published types under Deno, where the `Bun` namespace does not exist.
 */
export interface BunServer {
  readonly url: URL;
  readonly port: number | undefined;
  readonly hostname: string | undefined;
  readonly pendingRequests: number;
  stop(closeActiveConnections?: boolean): Promise<void>;
}

/** `shutdown()` stops gracefully as SIGTERM does, without exiting (D34; see `sleeve/node`). */
export function serve(options: ServeOptions = {}): {
  sleeve: Sleeve;
  server: BunServer;
  url: string;
  /** The address the socket is bound to, as the start-up line names it (`[::]:8787 (every interface)`). */
  bound: string;
  shutdown(): Promise<boolean>;
} {
  if (!honoBun) throw new Error('[sleeve] sleeve/bun serves with Bun.serve: run it under Bun');
  // D12: `/nowplaying/socket` upgrades through hono/bun, which finds the server in `env.server`.
  const { upgradeWebSocket, websocket } = honoBun;
  // Bun's server takes a cloned template answer faster than a header object (`hitResponses`).
  const sleeve = serverSleeve(options, {
    processMemory,
    upgradeWebSocket,
    hitResponses: 'clones',
    cardRenderer: cardPool(),
    log: stdoutLogger,
  });
  const limits = serverLimits(options);
  let leaving = false;
  const server = Bun.serve({
    port: options.port ?? 8787,
    hostname: options.hostname,
    // Bun cannot cap connections (`maxConnections`): see limits.ts.
    idleTimeout: idleSeconds(limits.idleTimeoutMs),
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    fetch: (request, srv) => {
      // One object: the connection's address (D8), read when counted, and the server for hono/bun's upgrade.
      const answer = sleeve.fetch(request, new BunPeer(srv, request));
      // D39: during the shutdown delay each answer closes its connection (Bun honours the header).
      if (leaving) return Promise.resolve(answer).then((res) => closingConnection(keepStreamOpen(srv, request, res)));
      // A cache hit comes back synchronously: handed to Bun as it is, with no promise to resolve.
      return answer instanceof Promise
        ? answer.then((res) => keepStreamOpen(srv, request, res))
        : keepStreamOpen(srv, request, answer);
    },
    // D57: Bun holds a client's message up to 16 MiB by default; past this bound it closes the socket (1009).
    websocket: { ...websocket, maxPayloadLength: MAX_SOCKET_MESSAGE_BYTES },
  });
  // D34: Bun's own graceful stop: no new connections, requests in flight answered, idle ones closed.
  const stoppable = {
    leave: () => void (leaving = true),
    stop: () => server.stop(false),
    cut: () => void server.stop(true),
  };
  const shutdown = gracefulStop(sleeve, stoppable, limits.shutdownTimeoutMs, limits.shutdownDelayMs);
  if (options.gracefulShutdown !== false) {
    exitOnSignals(
      { sleeve, stop: shutdown, timeoutMs: limits.shutdownTimeoutMs, delayMs: limits.shutdownDelayMs },
      processSignals,
    );
  }
  const port = server.port ?? 0;
  // Untold, Bun binds every interface, both families (`*` to ss), while its `hostname` says localhost.
  const bound = boundAddress(options.hostname === undefined ? '::' : (server.hostname ?? options.hostname), port);
  return { sleeve, server, shutdown, url: listenUrl(options.hostname, port), bound };
}
