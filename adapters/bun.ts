/** @module `sleeve/bun`: serve Sleeve with `Bun.serve`. */
/// <reference types="bun-types" />
import { createSleeve, type Sleeve, type SleeveOptions } from '../core/index.ts';

export interface ServeOptions extends SleeveOptions {
  port?: number;
  hostname?: string;
}

export function serve(options: ServeOptions = {}): { sleeve: Sleeve; server: Bun.Server<undefined>; url: string } {
  const sleeve = createSleeve(options);
  const server = Bun.serve({
    port: options.port ?? 8787,
    hostname: options.hostname,
    fetch: (request, srv) => sleeve.fetch(request, { clientIp: srv.requestIP(request)?.address }),
  });
  return { sleeve, server, url: `http://${options.hostname ?? 'localhost'}:${server.port}` };
}
