/**
 * @module
 * How a Node server stops gracefully (D34, `shared/graceful.ts`): it stops listening, so new
 * connections are refused and a balancer tries another instance; idle keep-alive connections
 * are closed at once, and each one busy is closed as soon as its answer is out (answers given
 * while stopping say `Connection: close`). Upgraded sockets close when Sleeve's drain has told
 * their clients to reconnect.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Stoppable } from '../shared/graceful.ts';

/** How often connections whose answer went out are looked for while stopping. */
const SWEEP_MS = 50;

export interface NodeStoppable extends Stoppable {
  /** True once `leave()` (D39) or `stop()` was called: an answer then closes its connection. */
  readonly stopping: boolean;
  /** Marks an answer about to be written, so its connection closes after it while stopping. */
  answering(outgoing: ServerResponse | undefined): void;
}

export function nodeStoppable(server: Server): NodeStoppable {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    // D39: still accepting, but each answer closes its connection, so clients reconnect
    // through the balancer, which sends them elsewhere once the endpoint is gone.
    leave() {
      stopping = true;
    },
    answering(outgoing) {
      if (stopping && outgoing && !outgoing.headersSent) outgoing.shouldKeepAlive = false;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        // Resolves once every connection has ended (net.Server's own count, upgraded sockets included).
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
        // A keep-alive connection whose answer had begun before the stop goes idle after it.
        const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
      }),
    cut: () => server.closeAllConnections(),
  };
}
