/** @module `sleeve/node`: serve Sleeve with `@hono/node-server`. */
import { serve as nodeServe, type ServerType } from '@hono/node-server';
import { createSleeve, type Sleeve, type SleeveOptions } from '../core/index.ts';

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
  const sleeve = createSleeve(options);
  return new Promise((resolve) => {
    const server = nodeServe(
      {
        fetch: (request, env: { incoming: { socket: { remoteAddress?: string } } }) =>
          sleeve.fetch(request, { clientIp: env.incoming.socket.remoteAddress }),
        port: options.port ?? 8787,
        hostname: options.hostname,
      },
      (info) => resolve({ sleeve, server, url: `http://${options.hostname ?? 'localhost'}:${info.port}` }),
    );
  });
}
