/** @module `sleeve/bun`: serve Sleeve with `Bun.serve`. */
/// <reference types="bun-types" />
import type { BunWebSocketData } from 'hono/bun';
import { createSleeve, type Sleeve, type SleeveOptions } from '../core/index.ts';
import { serverLimits } from '../core/options.ts';
import { idleSeconds, keepStreamOpen, MAX_REQUEST_BODY_BYTES } from './bun-limits.ts';
import { BunPeer } from './bun-peer.ts';

// hono/bun reads the Bun global as it loads (its SSG helper), so it is loaded only under Bun:
// plain Node must still be able to import this module (the package's exports check does).
const honoBun = 'Bun' in globalThis ? await import('hono/bun') : undefined;

export interface ServeOptions extends SleeveOptions {
  port?: number;
  hostname?: string;
}

export function serve(options: ServeOptions = {}): { sleeve: Sleeve; server: Bun.Server<BunWebSocketData>; url: string } {
  if (!honoBun) throw new Error('[sleeve] sleeve/bun serves with Bun.serve: run it under Bun');
  // D12: `/nowplaying/socket` upgrades through hono/bun, which finds the server in `env.server`.
  const { upgradeWebSocket, websocket } = honoBun;
  // Bun's server takes a cloned template answer faster than a header object (`hitResponses`).
  const sleeve = createSleeve({ upgradeWebSocket, hitResponses: 'clones', ...options });
  const server = Bun.serve({
    port: options.port ?? 8787,
    hostname: options.hostname,
    // Bun cannot cap connections (`maxConnections`): see bun-limits.ts.
    idleTimeout: idleSeconds(serverLimits(options).idleTimeoutMs),
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    fetch: (request, srv) => {
      // One object: the connection's address (D8), read when counted, and the server for hono/bun's upgrade.
      const answer = sleeve.fetch(request, new BunPeer(srv, request));
      // A cache hit comes back synchronously: handed to Bun as it is, with no promise to resolve.
      return answer instanceof Promise ? answer.then((res) => keepStreamOpen(srv, request, res)) : keepStreamOpen(srv, request, answer);
    },
    websocket,
  });
  return { sleeve, server, url: `http://${options.hostname ?? 'localhost'}:${server.port}` };
}
