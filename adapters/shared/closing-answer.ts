/**
 * @module
 * D39: during the shutdown delay an answer tells its client to close the connection, so the
 * client's next request opens a new one, which the balancer sends to an instance that stays.
 * Node sets this on its own response object (`node/stop.ts`); Bun and Deno answer with a
 * Response, which gets the header here.
 */

/** `response` with `Connection: close`; a WebSocket's 101 is left as it is. */
export function closingConnection(response: Response): Response {
  if (response.status === 101) return response;
  try {
    response.headers.set('connection', 'close');
    return response;
  } catch {
    // Headers of a Response some code made immutable: the same answer, with headers of its own.
    const headers = new Headers(response.headers);
    headers.set('connection', 'close');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
