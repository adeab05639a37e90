/**
 * @module
 * The bench's only runtime-specific part: which runtime runs it, its RSS, and serving a fetch
 * handler over real HTTP on a free port (Bun.serve, Deno.serve, @hono/node-server).
 */
declare const Bun: { serve(o: { port: number; fetch: (r: Request) => Response | Promise<Response> }): { port: number; stop(force?: boolean): void } } | undefined;
declare const Deno:
  | { serve(o: { port: number; onListen?: () => void }, h: (r: Request) => Response | Promise<Response>): { addr: { port: number }; shutdown(): Promise<void> }; memoryUsage(): { rss: number; heapUsed: number } }
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

export async function serveHttp(fetch: (r: Request) => Response | Promise<Response>): Promise<Served> {
  if (typeof Bun !== 'undefined') {
    const server = Bun.serve({ port: 0, fetch });
    return { url: `http://127.0.0.1:${server.port}`, close: async () => server.stop(true) };
  }
  if (typeof Deno !== 'undefined') {
    const server = Deno.serve({ port: 0, onListen: () => {} }, fetch);
    return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
  }
  const { serve } = await import('@hono/node-server');
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => new Promise((done) => server.close(() => done())) }),
    );
  });
}
