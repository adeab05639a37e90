/**
 * @module
 * WebSocket handshakes, seen by the frame. Only endpoints declared with `websocket: true` take
 * one; a handshake to any other path is refused with a 400 instead of answering the path's
 * normal response (which the Node server would send as an empty 200, dropping the body and
 * leaving the client waiting for a 101 that never comes). `upgradeOrRefuse` turns a runtime's
 * failed upgrade (a malformed handshake, a request that did not arrive as an upgrade) into the
 * same 400 rather than a 500: the client sent it, not a bug.
 */
import type { Context } from 'hono';
import type { UpgradeWebSocket, WSEvents } from 'hono/ws';
import { SleeveError } from '../../errors.ts';
import type { SleeveEnv } from '../context.ts';
import type { Layer } from '../pipeline.ts';

/** `Upgrade: websocket` (any case): the client asks for a WebSocket, well formed or not. */
export function asksWebSocket(c: Context<SleeveEnv>): boolean {
  return c.req.header('upgrade')?.toLowerCase() === 'websocket';
}

/**
 * The layer every other endpoint gets: a handshake there is a client mistake, said as an error
 * answer. It looks at any request asking for an upgrade (the hit path leaves those to it), and
 * refuses one for a WebSocket; another protocol's passes on.
 */
export const refuseWebSocket: Layer = {
  kind: 'when',
  when: (request) => request.headers.has('upgrade'),
  act: (c, next) => {
    if (asksWebSocket(c)) {
      throw new SleeveError(
        'bad_request',
        `${c.req.path} does not take WebSocket connections; ask it over plain HTTP.`,
        {
          param: 'Upgrade',
        },
      );
    }
    return next();
  },
};

const malformed = () =>
  new SleeveError(
    'bad_request',
    'Not a valid WebSocket handshake (RFC 6455: GET with Connection: Upgrade, Sec-WebSocket-Key and Sec-WebSocket-Version: 13).',
    { param: 'Upgrade' },
  );

/** The handshake headers every runtime needs; checked before any work or any slot is taken. */
export function checkHandshake(c: Context): void {
  if (!c.req.header('sec-websocket-key') || c.req.header('sec-websocket-version') !== '13') throw malformed();
}

/**
 * Runs the runtime's upgrade. Any failure is the handshake's: Bun's and Deno's helpers throw
 * on one the runtime will not take, Node's answers 500 for a request that did not come through
 * the server's `upgrade` event (a plain request carrying the header).
 */
export async function upgradeOrRefuse(upgrade: UpgradeWebSocket<any>, c: Context, events: WSEvents): Promise<Response> {
  let res: Response;
  try {
    res = await upgrade(c, events);
  } catch {
    throw malformed();
  }
  if (res.status >= 400) throw malformed();
  return res;
}
