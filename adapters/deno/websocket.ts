/**
 * @module
 * `/nowplaying/socket` on Deno (D57). `Deno.upgradeWebSocket` (2.9) takes no bound on a
 * client's message: it holds one frame up to 64 MiB (a frame declared larger closes the socket
 * as its header comes) and a message sent in fragments without any bound. What it does offer
 * is a ping: with `idleTimeout` it pings a socket the client has been quiet on for that long,
 * and closes it (1001) when no pong comes within as long again. A client stalled inside a
 * message it never finishes sends no pong, so it is cut within two idle timeouts; one that
 * streams fragments while answering pings is not (docs/http.md, Bounds).
 */
import { defineWebSocketHelper, type UpgradeWebSocket } from 'hono/ws';

/** hono/deno's helper, as far as it is used here: the options reach `Deno.upgradeWebSocket`. */
type DenoUpgrade = UpgradeWebSocket<any, { idleTimeout?: number }>;

/** The helper with the ping on: `idleTimeoutMs` (Sleeve's idle timeout) in Deno's whole seconds. */
export function withPing(upgrade: DenoUpgrade, idleTimeoutMs: number): UpgradeWebSocket<any> {
  const idleTimeout = Math.max(1, Math.ceil(idleTimeoutMs / 1000));
  return defineWebSocketHelper((c, events) => upgrade(c, events, { idleTimeout }));
}
