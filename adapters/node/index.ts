/** @module `sleeve/node`: serve Sleeve with `@hono/node-server`. */
import { processMemory } from '../shared/process-memory.ts';
import { serve as nodeServe, upgradeWebSocket } from '@hono/node-server';
import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { connectionClient, type Sleeve } from '../../core/index.ts';
import { serverLimits } from '../shared/server-limits.ts';
import { boundAddress, listenUrl } from '../shared/listen-address.ts';
import { exitOnSignals, gracefulStop, processSignals } from '../shared/graceful.ts';
import { nodeStoppable } from './stop.ts';
import { stdoutLogger } from '../shared/stdout-log.ts';
import type { ServeOptions } from '../shared/serve-options.ts';
import { serverSleeve } from '../shared/server-sleeve.ts';
import { cardPool } from '../shared/card-pool.ts';
import { answerClientErrors } from './client-errors.ts';
import { withTargetCheck } from './target.ts';
import { withMessageHeaders } from './message-headers.ts';
import { withRememberedUrl } from './request-url.ts';
import { capConnections, serverOptions, type ConnectionCap } from './limits.ts';
import { handleUpgrades, type Upgrades } from './upgrade.ts';
import { nodeListener, type Enter, type NodeEnv } from './listener.ts';
import { MAX_SOCKET_MESSAGE_BYTES } from '../shared/socket-messages.ts';

export type { ServeOptions } from '../shared/serve-options.ts';
/** The environment as `npm start` reads it: Sleeve's variables and the server limits (`SLEEVE_MAX_CONNECTIONS`, ...). */
export { serveOptionsFromEnv, type ServeEnvConfig } from '../shared/serve-env.ts';

export interface Served {
  sleeve: Sleeve;
  /** The address the socket is bound to, as the start-up line names it: `[::]:8787 (every interface)`, `127.0.0.1:8787`. */
  bound: string;
  /** Always an HTTP/1.1 `http.Server` (no `createServer` option is given). */
  server: Server;
  url: string;
  /** The connections open now, as counted against `maxConnections`. */
  connections: ConnectionCap;
  /**
   * Stops gracefully (D34), as SIGTERM does but without exiting: after `shutdownDelayMs` (D39)
   * drains, stops accepting, lets requests in flight finish within `shutdownTimeoutMs`, closes
   * the storage. Resolves true when nothing had to be cut.
   */
  shutdown(): Promise<boolean>;
}

export function serve(options: ServeOptions = {}): Promise<Served> {
  // D12: `/nowplaying/socket` upgrades through @hono/node-server's own WebSocket support.
  // Request lines are batched (`shared/stdout-log.ts`) unless the embedder gives a logger.
  const sleeve = serverSleeve(options, {
    processMemory,
    upgradeWebSocket,
    cardRenderer: cardPool(),
    log: stdoutLogger,
  });
  const limits = serverLimits(options);
  // D57: Sleeve's socket reads nothing a client sends; `ws` would buffer a message up to 100 MiB.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_MESSAGE_BYTES });
  let upgrades: Upgrades | undefined;
  return new Promise((resolve, reject) => {
    // The one way into core (D70), for a request the listener hands core itself (a GET whose
    // URL it knows, `listener.ts`) and for one `@hono/node-server` does, on its lazy Request.
    const enter: Enter = (request, env) => {
      // A request that came as an upgrade: its answer goes back to the upgrade listener (`upgrade.ts`).
      const told = env.outgoing === undefined ? upgrades?.answering() : undefined;
      const answer = sleeve.fetch(request, env);
      // A cache hit comes back synchronously and is written so. No closure is made for it: a
      // hit is a few microseconds, and under tsx (as `npm start` runs) each function made per
      // request also pays for its name being set.
      return answer instanceof Promise ? answer.then((response) => sent(env, response, told)) : sent(env, answer, told);
    };
    const entry = nodeListener(enter);
    const server = nodeServe(
      {
        // The server's env is passed on, not replaced: its WebSocket upgrade reads it back.
        fetch: (request, bindings) => {
          const env = bindings as NodeEnv;
          env.clientIp = env.incoming.socket.remoteAddress;
          // An upgrade's Request is a web one built whole, not the lazy one whose headers and
          // URL the two views take over (their slot finders would learn the wrong slot from it).
          const lazy =
            env.outgoing === undefined
              ? request
              : withMessageHeaders(withRememberedUrl(request, env.incoming), env.incoming);
          return entry.fetch(lazy, env);
        },
        websocket: { server: wss },
        createServer: withTargetCheck(sleeve.deps.options.basePath, entry.listener),
        serverOptions: serverOptions(limits),
        port: options.port ?? 8787,
        hostname: options.hostname,
      },
      (info) => {
        server.off('error', reject);
        resolve({
          sleeve,
          server,
          connections,
          shutdown,
          url: listenUrl(options.hostname, info.port),
          bound: boundAddress(info.address, info.port),
        });
      },
    ) as Server;
    // A port in use or not allowed comes as an 'error' event before listening: unheard, Node
    // prints it with its stack and exits; heard, serve() rejects with it (start.ts says it in one line).
    server.once('error', reject);
    const stoppable = nodeStoppable(server);
    /** Before an answer is written: an upgrade's refusal is told to the upgrade, and while stopping its connection closes after it. */
    const sent = (env: NodeEnv, response: Response, told: ((response: Response) => void) | undefined): Response => {
      if (told !== undefined) told(response);
      else if (env.outgoing !== undefined && stoppable.stopping) stoppable.answering(env.outgoing);
      return response;
    };
    const shutdown = gracefulStop(sleeve, stoppable, limits.shutdownTimeoutMs, limits.shutdownDelayMs);
    if (options.gracefulShutdown !== false) {
      exitOnSignals(
        { sleeve, stop: shutdown, timeoutMs: limits.shutdownTimeoutMs, delayMs: limits.shutdownDelayMs },
        processSignals,
      );
    }
    // D57: a trusted proxy's connections carry many clients, so no share counts them (D54).
    const key = connectionClient(sleeve.deps.options.clients);
    const perClient = key && { max: limits.maxConnectionsPerIp, key };
    const capped = capConnections(server, limits.maxConnections, perClient);
    const connections: ConnectionCap = { open: capped.open };
    upgrades = handleUpgrades(server, sleeve.deps.options.basePath, capped.parse);
    answerClientErrors(
      server,
      (request, clientIp) => sleeve.fetch(request, { clientIp }),
      sleeve.deps.options.basePath,
    );
  });
}
