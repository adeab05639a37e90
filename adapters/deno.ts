/** @module `sleeve/deno`: serve Sleeve with `Deno.serve`. */
import { createSleeve, type Sleeve, type SleeveOptions } from '../core/index.ts';

// hono/deno reads the Deno global as it loads, so it is loaded only under Deno: plain Node
// must still be able to import this module (the package's exports check does).
const honoDeno = 'Deno' in globalThis ? await import('hono/deno') : undefined;

export interface ServeOptions extends SleeveOptions {
  port?: number;
  hostname?: string;
}

// Typed locally so the npm build typechecks without Deno's own types.
interface DenoServe {
  serve(
    options: { port: number; hostname?: string; onListen?: (addr: { port: number }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): { finished: Promise<void>; shutdown(): Promise<void> };
}
const { Deno } = globalThis as unknown as { Deno: DenoServe };

/**
 * Deno.serve (2.9) has no idle or headers timeout and no connection count or cap: the
 * `idleTimeoutMs`, `headersTimeoutMs` and `maxConnections` options are not enforced here.
 * Serve Deno behind a reverse proxy that bounds them (README).
 */
export function serve(options: ServeOptions = {}): Promise<{ sleeve: Sleeve; shutdown(): Promise<void>; url: string }> {
  // D12: `/nowplaying/socket` upgrades through hono/deno (Deno.upgradeWebSocket).
  // Deno's server takes a cloned template answer faster than a header object (`hitResponses`).
  const sleeve = createSleeve({ upgradeWebSocket: honoDeno?.upgradeWebSocket, hitResponses: 'clones', ...options });
  return new Promise((resolve) => {
    const server = Deno.serve(
      { port: options.port ?? 8787, hostname: options.hostname, onListen: ({ port }) => resolve({ sleeve, shutdown: () => server.shutdown(), url: `http://${options.hostname ?? 'localhost'}:${port}` }) },
      (request, info) => sleeve.fetch(request, { clientIp: info.remoteAddr.hostname }),
    );
  });
}
