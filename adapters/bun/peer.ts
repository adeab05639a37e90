/**
 * @module
 * What Sleeve's Bun adapter passes as `env`: the server (hono/bun's WebSocket upgrade finds it
 * in `env.server`) and the client's address, read from the socket only when asked. Bun charges
 * about 1.4 µs a request for `server.requestIP` (`npm run bench:bun-reads`), a seventh of a
 * cache hit; behind a trusted proxy (`SLEEVE_TRUST_PROXY=1`) a forwarded address is counted
 * instead (D8) and the socket is never asked. Asked once at most per request.
 */
/// <reference types="bun-types" />
import type { ConnInfo } from '../../core/index.ts';

export class BunPeer<Server extends { requestIP(request: Request): { address: string } | null }> implements ConnInfo {
  readonly server: Server;
  readonly #request: Request;
  /** Null until asked; undefined when Bun knows no address (a closed socket). */
  #address: string | undefined | null = null;

  constructor(server: Server, request: Request) {
    this.server = server;
    this.#request = request;
  }

  get clientIp(): string | undefined {
    if (this.#address === null) this.#address = this.server.requestIP(this.#request)?.address;
    return this.#address;
  }
}
