/** @module `sleeve/node`: serve Sleeve with `@hono/node-server`. */
import { serve as nodeServe, upgradeWebSocket, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { createSleeve, type Sleeve, type SleeveOptions } from '../core/index.ts';
import { answerClientErrors } from './node-client-errors.ts';

export interface ServeOptions extends SleeveOptions {
  port?: number;
  hostname?: string;
}

export interface Served {
  sleeve: Sleeve;
  server: ServerType;
  url: string;
}

export function serve(options: ServeOptions = {}): Promise<Served> {
  // D12: `/nowplaying/socket` upgrades through @hono/node-server's own WebSocket support.
  const sleeve = createSleeve({ upgradeWebSocket, ...options });
  return new Promise((resolve) => {
    const server = nodeServe(
      {
        // The server's env is passed on, not replaced: its WebSocket upgrade reads it back.
        fetch: (request, env: { incoming: { socket: { remoteAddress?: string } } }) =>
          sleeve.fetch(request, Object.assign(env, { clientIp: env.incoming.socket.remoteAddress })),
        websocket: { server: new WebSocketServer({ noServer: true }) },
        port: options.port ?? 8787,
        hostname: options.hostname,
      },
      (info) => resolve({ sleeve, server, url: `http://${options.hostname ?? 'localhost'}:${info.port}` }),
    );
    answerClientErrors(server as Server, (request, clientIp) => sleeve.fetch(request, { clientIp }));
  });
}
