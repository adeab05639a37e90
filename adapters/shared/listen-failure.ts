/**
 * @module
 * A server that could not listen, said in one line naming the fix rather than as the runtime's
 * stack. Node says it with an `'error'` event whose `code` is `EADDRINUSE` or `EACCES`; Bun
 * throws an `Error` carrying the same codes ("Failed to start server. Is port 8787 in use?");
 * Deno throws `Deno.errors.AddrInUse` or `PermissionDenied` (code `EADDRINUSE`, `EACCES`). The
 * start-up of every runnable entry (`start.ts`), the Deno Deploy entry's local launcher and the
 * replay server read them through here, so the words are the same whatever runs them.
 */

/**
 * The line for a failure to listen on `port`, without a prefix; undefined when `error` is
 * something else. `setting` is where the port was given, so the fix names the one to change:
 * `PORT`, or the command's `--port` (which wins over PORT, so setting PORT would change nothing).
 */
export function listenFailure(error: unknown, port: number, setting: 'PORT' | '--port' = 'PORT'): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, name } = error as { code?: unknown; name?: unknown };
  const give = setting === 'PORT' ? 'set PORT to' : 'pass --port';
  if (code === 'EADDRINUSE' || name === 'AddrInUse')
    return `port ${port} is in use: stop what listens there, or ${give} a free port (0: any free port)`;
  // Linux lets only root (or a binary given CAP_NET_BIND_SERVICE) bind below 1024, by default.
  if (code === 'EACCES' || name === 'PermissionDenied')
    return `port ${port} is not allowed for this user (below 1024 needs root or CAP_NET_BIND_SERVICE): ${give} 1024 or above, and put a reverse proxy on port ${port}`;
  return undefined;
}
