/**
 * @module
 * The Node server's `upgrade` event (issue 10, items 1 and 5). Node hands every request
 * carrying `Connection: Upgrade` to the `upgrade` listeners once there is one, with the socket
 * detached from its HTTP parser; @hono/node-server's listener (there for `/nowplaying/socket`)
 * took only WebSockets and returned without a word on the rest, so `Upgrade: h2c` was never
 * answered and its socket never closed (CLOSE-WAIT), and a WebSocket handshake Sleeve refused
 * went out with its status but an empty body.
 *
 * - Any other upgrade: the Upgrade header is optional for a server (RFC 9110 §7.8), so the
 *   request goes back to the HTTP parser without it, is answered as any other and kept alive
 *   or closed as HTTP says.
 * - A WebSocket handshake: @hono/node-server's listener runs it; one Sleeve refuses is
 *   written here whole (its D3 body), then closed.
 * - CONNECT, which Node would drop unanswered, is refused in the D3 shape.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { SleeveError } from '../../core/errors.ts';
import { refusal } from './refusal.ts';
import { writeResponse } from './client-errors.ts';

type UpgradeListener = (request: IncomingMessage, socket: Socket, head: Buffer) => unknown;

/** The request's head again, without what asked for the upgrade. */
function plainHead(request: IncomingMessage): Buffer {
  const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
  const raw = request.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    const value = raw[i + 1]!;
    const lower = name.toLowerCase();
    if (lower === 'upgrade' || lower === 'http2-settings') continue;
    if (lower === 'connection') {
      const kept = value
        .split(',')
        .map((token) => token.trim())
        .filter((token) => token !== '' && !/^(upgrade|http2-settings)$/i.test(token));
      if (kept.length > 0) lines.push(`${name}: ${kept.join(', ')}`);
      continue;
    }
    lines.push(`${name}: ${value}`);
  }
  // Node decodes the head as latin1, one character a byte: encoded back the same way.
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

/** A 405 in the shape of the version the target pins (D7: `{ "error": "<message>" }` below 3.0.0). */
const connectRefusal = (target: string, basePath: string): Response =>
  refusal(
    target,
    new SleeveError('method_not_allowed', 'CONNECT is not allowed here: this is not a proxy.', {
      headers: { Allow: 'GET, HEAD, POST, OPTIONS' },
    }),
    basePath,
  );

const handshakeFailed = (target: string, basePath: string): Response =>
  refusal(target, new SleeveError('bad_request', 'The WebSocket handshake failed.'), basePath);

export interface Upgrades {
  /**
   * Where Sleeve's answer to the WebSocket handshake being dispatched now goes, to be written
   * whole if the upgrade does not happen. The server's `fetch` asks it as it is called for a
   * request that came as an upgrade: @hono/node-server's listener calls it at once, before
   * awaiting anything, while this module's listener runs it (undefined at any other time).
   */
  answering(): ((response: Response) => void) | undefined;
}

/**
 * Takes over the server's `upgrade` event, keeping its WebSocket listener (installed by
 * @hono/node-server for its WebSocket server) for WebSockets. Call it once that listener is
 * installed. `parse` gives a socket back to the server's HTTP parser (by default, as a new
 * connection; with the connection cap, `CappedConnections.parse`, not counted twice).
 */
export function handleUpgrades(
  server: Server,
  basePath = '',
  parse: (socket: Socket) => void = (socket) => server.emit('connection', socket),
): Upgrades {
  const webSocket = server.listeners('upgrade') as UpgradeListener[];
  server.removeAllListeners('upgrade');
  // The handshake whose listener runs now, synchronously: nothing is kept per request or socket.
  let dispatching: ((response: Response) => void) | undefined;

  server.on('upgrade', async (request: IncomingMessage, socket: Socket, head: Buffer) => {
    // A WebSocket handshake is a GET (RFC 6455 §4.1): anything else is an ordinary request
    // (Sleeve's 405 with Allow, in D3), never the WebSocket library's plain-text refusal.
    if (request.headers.upgrade?.toLowerCase() !== 'websocket' || request.method !== 'GET' || webSocket.length === 0) {
      if (socket.destroyed) return;
      // Back in front of what the client sent next (its body, a pipelined request), then to
      // the server's `connection` listeners, which give the socket a fresh parser.
      socket.unshift(Buffer.concat([plainHead(request), head]));
      parse(socket);
      return;
    }
    socket.on('error', () => socket.destroy());
    let answer: Response | undefined;
    // An upgrade that happened wrote its 101 on the socket (`ws`), a refusal nothing yet.
    const before = socket.bytesWritten;
    for (const listener of webSocket) {
      dispatching = (response) => {
        answer = response;
      };
      let running: unknown;
      try {
        running = listener.call(server, request, socket, head);
      } finally {
        dispatching = undefined;
      }
      await running;
    }
    if (socket.destroyed || socket.writableEnded || socket.bytesWritten > before) return;
    await writeResponse(socket, answer ?? handshakeFailed(request.url ?? '', basePath)).catch(() => socket.destroy());
  });
  // @hono/node-server writes its own refusal (status, no body) only when its listener is the
  // server's one `upgrade` listener: this second one leaves refusals to the listener above.
  server.on('upgrade', function refusalsWrittenAbove() {});

  server.on('connect', (request: IncomingMessage, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    writeResponse(socket, connectRefusal(request.url ?? '', basePath)).catch(() => socket.destroy());
  });

  return { answering: () => dispatching };
}
