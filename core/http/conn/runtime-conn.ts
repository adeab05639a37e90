/**
 * @module
 * The client's address from what a runtime hands a fetch handler, so that
 * `Bun.serve({ fetch: sleeve.fetch })`, `Deno.serve(sleeve.fetch)` and Hono's
 * `app.mount('/music', sleeve.fetch)` keep one rate limit per client with nothing else written.
 * Read by the argument's shape, never by a runtime global (core names none):
 * - a `ConnInfo` (it has `clientIp`, even undefined): the adapter has said, taken as it is;
 * - `@hono/node-server`'s bindings, `{ incoming, outgoing }`: the socket's address;
 * - Bun's server, or bindings holding it as `server`: `server.requestIP(request)`;
 * - Deno's handler info: `remoteAddr.hostname` (a Unix socket has none);
 * - on Cloudflare Workers, whose second argument is the Worker's bindings: `cf-connecting-ip`,
 *   read only from a request that carries Cloudflare's `cf` object. workerd sets `cf` on the
 *   requests it receives, and Cloudflare's edge sets that header itself, over any a client
 *   sent; a request made anywhere else has no `cf`, and the header is then anyone's to send.
 * The third argument a Worker (or Hono's `mount` there) passes, its execution context, gives
 * `waitUntil`. Whatever the runtime's object holds is kept beside the address (`server`,
 * `incoming`), since a WebSocket upgrade reads it back.
 */
import type { SleeveBindings } from '../context.ts';

/** A Worker's execution context, as far as Sleeve uses it. */
export interface ExecutionContextLike {
  waitUntil(work: Promise<unknown>): void;
}

type Shape = Record<string, unknown>;

const isObject = (value: unknown): value is Shape => typeof value === 'object' && value !== null;

/** Bun's `server.requestIP(request)`, on the server itself or under `server`. */
function bunAddress(info: Shape, request: Request): string | undefined {
  const server = isObject(info.server) ? info.server : info;
  if (typeof server.requestIP !== 'function') return undefined;
  const found = (server.requestIP as (request: Request) => unknown).call(server, request);
  return isObject(found) && typeof found.address === 'string' ? found.address : undefined;
}

/** `@hono/node-server`'s `{ incoming }`: the socket's remote address. */
function nodeAddress(info: Shape): string | undefined {
  const socket = isObject(info.incoming) && isObject(info.incoming.socket) ? info.incoming.socket : undefined;
  return typeof socket?.remoteAddress === 'string' ? socket.remoteAddress : undefined;
}

/** Deno's `ServeHandlerInfo`: `remoteAddr.hostname` over TCP. */
function denoAddress(info: Shape): string | undefined {
  const remote = isObject(info.remoteAddr) ? info.remoteAddr : undefined;
  return typeof remote?.hostname === 'string' ? remote.hostname : undefined;
}

/** Cloudflare's own header, on a request workerd received (it carries `cf`). */
function workersAddress(request: Request): string | undefined {
  return isObject((request as Request & { cf?: unknown }).cf)
    ? (request.headers.get('cf-connecting-ip') ?? undefined)
    : undefined;
}

/** A `ConnInfo`: the adapter has said what the address is (Sleeve's own adapters give one). */
export const isConnInfo = (info: unknown): info is SleeveBindings => isObject(info) && 'clientIp' in info;

/**
 * The bindings a request is answered with, for an `info` that is not a `ConnInfo`: a new object
 * with the address found in the runtime's argument (undefined where none was) beside what that
 * argument holds.
 */
export function runtimeConn(request: Request, info: unknown, context: unknown): SleeveBindings {
  const shape: Shape = isObject(info) ? info : {};
  const clientIp = nodeAddress(shape) ?? denoAddress(shape) ?? bunAddress(shape, request) ?? workersAddress(request);
  const env: SleeveBindings & Shape = { ...shape, clientIp };
  // Bun's server is a class instance whose methods want it as `this`: kept whole, for hono/bun.
  if (typeof shape.requestIP === 'function') env.server = info;
  if (env.waitUntil === undefined && isObject(context) && typeof context.waitUntil === 'function') {
    const ctx = context as unknown as ExecutionContextLike;
    env.waitUntil = (work) => ctx.waitUntil(work);
  }
  return env;
}
