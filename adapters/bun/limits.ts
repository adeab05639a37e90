/**
 * @module
 * What one Bun process lets a client hold (issue 10). Bun.serve has one timer per
 * connection, `idleTimeout`, in whole seconds up to 255: it closes a connection that sends
 * and receives nothing for that long, whether silent from the start, idle between requests,
 * slow to send its headers or waiting on a slow handler. Bun has no hook to count or cap
 * connections (`maxConnections` is Node's only); header size is its `--max-http-header-size`
 * (16 KiB by default).
 */
/// <reference types="bun-types" />

/**
 * Bun refuses bodies past this itself, before any handler, with a bare 413. Sleeve answers a
 * declared body over 64 KiB with its own D3 413 before reading it, and never reads a body it
 * does not need, so Bun's cap is set far above that: it only backs Sleeve's up.
 */
export const MAX_REQUEST_BODY_BYTES: number = 1024 * 1024 * 1024;

/**
 * A Server-Sent Events stream is quiet between songs, with a heartbeat every 15 s
 * (`core/routes/radio/radio.ts`): its connection may idle this long, whatever `idleTimeout` says.
 */
const STREAM_IDLE_SECONDS = 60;

/** `idleTimeoutMs` as Bun's whole seconds, from 1 to 255. */
export function idleSeconds(ms: number): number {
  return Math.min(255, Math.max(1, Math.ceil(ms / 1000)));
}

/**
 * Gives an event stream its own idle allowance, so that `idleTimeout` does not cut it. Only a
 * request that accepts one can get one (D12), so the answer's headers are read for those
 * alone: reading them makes Bun build a Headers object for a Response made from a plain one,
 * which on every cache hit cost a sixth of the server's time (profiled under wrk, issue #13).
 */
export function keepStreamOpen(server: Bun.Server<unknown>, request: Request, response: Response): Response {
  if (!request.headers.get('accept')?.includes('text/event-stream')) return response;
  if (response.headers.get('content-type')?.startsWith('text/event-stream'))
    server.timeout(request, STREAM_IDLE_SECONDS);
  return response;
}
