/**
 * @module
 * Where a server listens, as its start-up line and its `url` say it. A server bound to every
 * interface (`0.0.0.0`, `::`) is reached on this machine at `localhost`; an IPv6 address is
 * written in brackets. The bind address is named as the socket reports it, so an operator can
 * see whether a port meant for a proxy alone is open to every network.
 */

/** An address that means every interface rather than one. */
const EVERY = new Set(['0.0.0.0', '::', '[::]', '']);

/** `http://localhost:8787`, `http://127.0.0.1:8787`, `http://[::1]:8787`. */
export function listenUrl(hostname: string | undefined, port: number): string {
  if (hostname === undefined || EVERY.has(hostname)) return `http://localhost:${port}`;
  return `http://${hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname}:${port}`;
}

/** `[::]:8787 (every interface)`, `127.0.0.1:8787`: the socket's own address. */
export function boundAddress(address: string, port: number): string {
  const host = address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;
  return `${host}:${port}${EVERY.has(address) ? ' (every interface)' : ''}`;
}
