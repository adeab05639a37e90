/**
 * @module
 * What one Node process lets a client hold (issue 10): how long it may take to send its
 * headers and body, how long an idle keep-alive connection stays open, and how many
 * connections may be open at once. Past the cap a new connection is answered with a 503 in
 * the D3 shape and closed (Node's own `server.maxConnections` would drop it unanswered).
 * Header and URL size stay Node's `--max-http-header-size` (16 KiB by default), answered by
 * `client-errors.ts`.
 */
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { ServerLimits } from '../shared/server-limits.ts';

/** How long a request's body may take to arrive in full (Sleeve's bodies are at most 64 KiB). */
export const BODY_TIMEOUT_MS = 30_000;

/** How long a refused connection is kept to let its 503 reach a client still sending. */
const LINGER_MS = 1_000;

/** The `http.createServer` options that carry the limits. */
export function serverOptions(limits: ServerLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: Math.max(limits.headersTimeoutMs, BODY_TIMEOUT_MS),
    keepAliveTimeout: limits.idleTimeoutMs,
    // Node looks for expired headers and bodies this often (30 s by default, so a 10 s
    // timeout could take 40 s): a quarter of the timeout, between 100 ms and 1 s.
    connectionsCheckingInterval: Math.min(1_000, Math.max(100, Math.floor(limits.headersTimeoutMs / 4))),
    // Node would answer a request without Host with a bare 400; it reaches the adapter's
    // `errorHandler` instead, which answers in the D3 shape.
    requireHostHeader: false,
  };
}

const refusal = (max: number): Buffer => {
  const body = JSON.stringify({
    ok: false,
    error: {
      code: 'service_unavailable',
      message: `The server has ${max} connections open, its limit; try again shortly.`,
    },
  });
  return Buffer.from(
    [
      'HTTP/1.1 503 Service Unavailable',
      'content-type: application/json',
      'cache-control: no-store',
      'access-control-allow-origin: *',
      'retry-after: 1',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      '',
      body,
    ].join('\r\n'),
  );
};

export interface ConnectionCap {
  /** Connections admitted and still open. */
  open(): number;
}

/**
 * Counts connections as they are accepted and refuses those past `max`: the server's own
 * `connection` listeners (its HTTP parser) run only for the admitted ones. A socket emitted
 * again (a plain request replayed by `upgrade.ts`) is already counted.
 */
export function capConnections(server: Server, max: number): ConnectionCap {
  const listeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const admitted = new WeakSet<Socket>();
  const answer = refusal(max);
  let open = 0;
  let lingering = 0;
  server.on('connection', (socket: Socket) => {
    if (!admitted.has(socket)) {
      if (open >= max) return refuse(socket);
      admitted.add(socket);
      open++;
      socket.once('close', () => open--);
    }
    for (const listener of listeners) listener.call(server, socket);
  });

  function refuse(socket: Socket): void {
    socket.on('error', () => socket.destroy());
    // A flood is not kept lingering: past `max` refusals in flight, drop at once.
    if (lingering >= max) return void socket.destroy();
    lingering++;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => {
      lingering--;
      clearTimeout(timer);
    });
    socket.resume(); // what the client sends is read and dropped, so the 503 is not reset away
    socket.end(answer);
  }

  return { open: () => open };
}
