/**
 * @module
 * What one Node process lets a client hold (issue 10): how long it may take to send its
 * headers and body, how long an idle keep-alive connection stays open, and how many
 * connections may be open at once, in all and from one client. Past the cap a new connection
 * is answered with a 503 in the D3 shape and closed (Node's own `server.maxConnections` would
 * drop it unanswered); past one client's share, with a 429 (D57).
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

/** A whole answer in the D3 shape, written on the raw socket: no parser has read the request yet. */
const refusal = (status: string, code: string, message: string): Buffer => {
  const body = JSON.stringify({ ok: false, error: { code, message } });
  return Buffer.from(
    [
      `HTTP/1.1 ${status}`,
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

/** The server is full: no client's fault, so a 503 (issue 10). */
const full = (max: number): Buffer =>
  refusal(
    '503 Service Unavailable',
    'service_unavailable',
    `The server has ${max} connections open, its limit; try again shortly.`,
  );

/** One client holds its share: that client's doing, so a 429 as any per-client limit (D57). */
const overShare = (share: number): Buffer =>
  refusal(
    '429 Too Many Requests',
    'rate_limited',
    `At most ${share} connections may be open from one client; close one or try again shortly.`,
  );

/**
 * One client's share of the cap, and how its address is keyed (`connectionClient`: an IPv6
 * address by its prefix; undefined for a trusted proxy, which no share counts).
 */
export interface PerClient {
  max: number;
  key(address: string): string | undefined;
}

export interface ConnectionCap {
  /** Connections admitted and still open. */
  open(): number;
}

/** The cap as the server that installed it sees it. */
export interface CappedConnections extends ConnectionCap {
  /**
   * Hands a socket admitted already back to the server's HTTP parser, counted once: a plain
   * request `upgrade.ts` replays, whose socket Node detached from its parser.
   */
  parse(socket: Socket): void;
}

/**
 * Counts connections as they are accepted and refuses those past `max`, or past a client's
 * share (`perClient`, left out behind a trusted proxy, where every connection is the proxy's):
 * the server's own `connection` listeners (its HTTP parser) run only for the admitted ones, so
 * a slow client counts from accept, before its headers. A socket emitted again (a plain
 * request replayed by `upgrade.ts`) goes to `parse`, not through the count again. A socket whose address is already
 * gone (it closed as it was accepted) counts only toward `max`.
 */
export function capConnections(server: Server, max: number, perClient?: PerClient): CappedConnections {
  const listeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const fullAnswer = full(max);
  const share = perClient && { ...perClient, answer: overShare(perClient.max) };
  const byClient = new Map<string, number>();
  let open = 0;
  let lingering = 0;
  const parse = (socket: Socket): void => {
    for (const listener of listeners) listener.call(server, socket);
  };
  server.on('connection', (socket: Socket) => {
    const client = share && socket.remoteAddress !== undefined ? share.key(socket.remoteAddress) : undefined;
    const held = client === undefined ? 0 : (byClient.get(client) ?? 0);
    // Full is said first: then the refusal is no one client's fault.
    if (open >= max) return refuse(socket, fullAnswer);
    if (share && client !== undefined && held >= share.max) return refuse(socket, share.answer);
    open++;
    if (client !== undefined) byClient.set(client, held + 1);
    socket.once('close', () => {
      open--;
      if (client === undefined) return;
      const left = (byClient.get(client) ?? 1) - 1;
      if (left > 0) byClient.set(client, left);
      else byClient.delete(client);
    });
    parse(socket);
  });

  function refuse(socket: Socket, answer: Buffer): void {
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
    socket.resume(); // what the client sends is read and dropped, so the answer is not reset away
    socket.end(answer);
  }

  return { open: () => open, parse };
}
