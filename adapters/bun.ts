/** @module `sleeve/bun`: serve Sleeve with `Bun.serve`. */
/// <reference types="bun-types" />
import { upgradeWebSocket, websocket, type BunWebSocketData } from 'hono/bun';
import { createSleeve, type Sleeve, type SleeveOptions } from '../core/index.ts';

export interface ServeOptions extends SleeveOptions {
  port?: number;
  hostname?: string;
}

export function serve(options: ServeOptions = {}): { sleeve: Sleeve; server: Bun.Server<BunWebSocketData>; url: string } {
  // D12: `/nowplaying/socket` upgrades through hono/bun, which finds the server in `env.server`.
  const sleeve = createSleeve({ upgradeWebSocket, ...options });
  const server = Bun.serve({
    port: options.port ?? 8787,
    hostname: options.hostname,
    fetch: (request, srv) => sleeve.fetch(request, Object.assign({ server: srv }, { clientIp: srv.requestIP(request)?.address })),
    websocket,
  });
  return { sleeve, server, url: `http://${options.hostname ?? 'localhost'}:${server.port}` };
}
