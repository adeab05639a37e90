/** @module `sleeve/deno`: serve Sleeve with `Deno.serve`. */
import { processMemory } from '../shared/process-memory.ts';
import type { Sleeve } from '../../core/index.ts';
import { serverLimits } from '../shared/server-limits.ts';
import { boundAddress, listenUrl } from '../shared/listen-address.ts';
import { closingConnection } from '../shared/closing-answer.ts';
import { exitOnSignals, gracefulStop, type ShutdownSignal } from '../shared/graceful.ts';
import { stdoutLogger } from '../shared/stdout-log.ts';
import type { ServeOptions } from '../shared/serve-options.ts';
import { serverSleeve } from '../shared/server-sleeve.ts';
import { cardPool } from '../shared/card-pool.ts';
import { withPing } from './websocket.ts';

// hono/deno reads the Deno global as it loads, so it is loaded only under Deno: plain Node
// must still be able to import this module (the package's exports check does).
const honoDeno = 'Deno' in globalThis ? await import('hono/deno') : undefined;

export type { ServeOptions } from '../shared/serve-options.ts';
/** The environment as `npm start` reads it: Sleeve's variables and the server limits (`SLEEVE_MAX_CONNECTIONS`, ...). */
export { serveOptionsFromEnv, type ServeEnvConfig } from '../shared/serve-env.ts';

/** How long Deno's stop waits for live clients to take their close frame. */
const LIVE_CLOSE_MS = 1_000;

// Typed locally so the npm build typechecks without Deno's own types.
interface DenoServe {
  serve(
    options: { port: number; hostname?: string; onListen?: (addr: { hostname: string; port: number }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): { finished: Promise<void>; shutdown(): Promise<void> };
  addSignalListener(signal: ShutdownSignal, handler: () => void): void;
  exit(code: number): never;
}
const { Deno } = globalThis as unknown as { Deno: DenoServe };

/**
 * Deno.serve (2.9) has no idle or headers timeout and no connection count or cap: the
 * `headersTimeoutMs`, `maxConnections` and `maxConnectionsPerIp` options are not enforced
 * here, and `idleTimeoutMs` only paces a WebSocket's ping (`websocket.ts`). Serve Deno behind
 * a reverse proxy that bounds them (docs/http.md, Bounds).
 */
export function serve(
  options: ServeOptions = {},
): Promise<{ sleeve: Sleeve; shutdown(): Promise<boolean>; url: string; bound: string }> {
  const { shutdownTimeoutMs, shutdownDelayMs, idleTimeoutMs } = serverLimits(options);
  // D12: `/nowplaying/socket` upgrades through hono/deno (Deno.upgradeWebSocket), pinging a
  // quiet client every idle timeout (D57: the one bound Deno has on a message never finished).
  // Deno's server takes a cloned template answer faster than a header object (`hitResponses`).
  const sleeve = serverSleeve(options, {
    processMemory,
    upgradeWebSocket: honoDeno && withPing(honoDeno.upgradeWebSocket, idleTimeoutMs),
    hitResponses: 'clones',
    cardRenderer: cardPool(),
    log: stdoutLogger,
  });
  let leaving = false;
  let server: ReturnType<DenoServe['serve']> | undefined;
  // D34: Deno's own graceful stop (no new connections, requests in flight answered). It closes
  // WebSockets itself with 1001, so it waits (a second at most) for Sleeve's 1012 to be had.
  // It has no way to cut connections early: past the bound the process exits with them open.
  const stop = async (liveGone: Promise<void>) => {
    await Promise.race([liveGone, new Promise((resolve) => setTimeout(resolve, LIVE_CLOSE_MS))]);
    await server?.shutdown();
  };
  const shutdown = gracefulStop(
    sleeve,
    { leave: () => void (leaving = true), stop, cut: () => {} },
    shutdownTimeoutMs,
    shutdownDelayMs,
  );
  if (options.gracefulShutdown !== false) {
    exitOnSignals(
      { sleeve, stop: shutdown, timeoutMs: shutdownTimeoutMs, delayMs: shutdownDelayMs },
      { on: (signal, handler) => Deno.addSignalListener(signal, handler), exit: (code) => Deno.exit(code) },
    );
  }
  return new Promise((resolve) => {
    server = Deno.serve(
      {
        port: options.port ?? 8787,
        hostname: options.hostname,
        onListen: ({ hostname, port }) =>
          resolve({ sleeve, shutdown, url: listenUrl(options.hostname, port), bound: boundAddress(hostname, port) }),
      },
      (request, info) => {
        const answer = sleeve.fetch(request, { clientIp: info.remoteAddr.hostname });
        // D39: during the shutdown delay each answer says `Connection: close`. Deno (2.9) sends
        // the header but leaves the connection to the client, which closes it as told.
        return leaving ? Promise.resolve(answer).then(closingConnection) : answer;
      },
    );
  });
}
