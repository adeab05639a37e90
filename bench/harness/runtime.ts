/**
 * @module
 * The bench's only runtime-specific part: which runtime runs it, its RSS, and serving a fetch
 * handler over real HTTP on a free port (Bun.serve, Deno.serve, @hono/node-server).
 */
type BunServer = { port: number; stop(force?: boolean): void; requestIP(r: Request): { address: string } | null };
declare const Bun:
  | { serve(o: { port: number; fetch: (r: Request, server: BunServer) => Response | Promise<Response> }): BunServer }
  | undefined;
declare const Deno:
  | {
      serve(
        o: { port: number; onListen?: () => void },
        h: (r: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
      ): { addr: { port: number }; shutdown(): Promise<void> };
      memoryUsage(): { rss: number; heapUsed: number };
    }
  | undefined;

export const runtime: string = typeof Bun !== 'undefined' ? 'bun' : typeof Deno !== 'undefined' ? 'deno' : 'node';

/** Collects garbage when the runtime lets us (node/tsx --expose-gc, deno --v8-flags=--expose-gc, Bun.gc). */
export function collect(): void {
  const g = globalThis as { gc?: () => void; Bun?: { gc(force: boolean): void } };
  if (g.Bun) g.Bun.gc(true);
  else g.gc?.();
}

const memory = () => (typeof Deno !== 'undefined' ? Deno.memoryUsage() : process.memoryUsage());

export function rssMiB(): number {
  return Math.round(memory().rss / 1024 / 1024);
}

/** Live JS heap: what the process holds, where RSS also counts pages the allocator keeps. */
export function heapMiB(): number {
  return Math.round(memory().heapUsed / 1024 / 1024);
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** What a handler is given besides the request: the client's address, when it was asked for. */
export interface Peer {
  clientIp?: string;
}

/**
 * Serves `fetch`. With `address`, each request also gets the client's address, read the way
 * Sleeve's adapter for the runtime reads it (`requestIP`, Deno's `remoteAddr`, the socket).
 */
export async function serveHttp(
  fetch: (r: Request, peer?: Peer) => Response | Promise<Response>,
  address = false,
): Promise<Served> {
  if (typeof Bun !== 'undefined') {
    const server = Bun.serve({
      port: 0,
      fetch: address ? (r, srv) => fetch(r, { clientIp: srv.requestIP(r)?.address }) : (r) => fetch(r),
    });
    return { url: `http://127.0.0.1:${server.port}`, close: async () => server.stop(true) };
  }
  if (typeof Deno !== 'undefined') {
    const server = Deno.serve(
      { port: 0, onListen: () => {} },
      address ? (r, info) => fetch(r, { clientIp: info.remoteAddr.hostname }) : (r) => fetch(r),
    );
    return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
  }
  const { serve } = await import('@hono/node-server');
  return new Promise((resolve) => {
    type NodeEnv = { incoming: { socket: { remoteAddress?: string } } };
    const given = address
      ? (r: Request, env: NodeEnv) => fetch(r, { clientIp: env.incoming.socket.remoteAddress })
      : (r: Request) => fetch(r);
    const server = serve(
      { fetch: given as (r: Request) => Response | Promise<Response>, port: 0, hostname: '127.0.0.1' },
      (info) =>
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          close: () => new Promise((done) => server.close(() => done())),
        }),
    );
  });
}
