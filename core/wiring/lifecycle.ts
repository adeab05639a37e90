/**
 * @module
 * Graceful shutdown as core sees it (D34). An adapter stops accepting connections; what only
 * core knows is what else a leaving instance owes its clients: `/healthz` says `draining` at
 * once (a balancer takes the instance out), and each live stream (`/nowplaying/socket`, as a
 * WebSocket or an event stream) is told to reconnect, which it will do through the balancer to
 * an instance that stays. Nothing here waits: the adapter owns the clock and the exit bound.
 */

export interface Lifecycle {
  /** True from the first `leave()` or `drain()` on: `/healthz` and `/readyz` answer 503 `draining`. */
  readonly draining: boolean;
  /**
   * D39: the shutdown delay begins: `/healthz` says `draining` from now on, so the balancer
   * (Kubernetes' readiness probe) takes the instance out, while everything else carries on:
   * requests are answered and live streams stay. `drain()` follows once the delay is over.
   */
  leave(): void;
  /**
   * Registers what to do when draining starts (tell one live client to reconnect), and returns
   * what the stream calls once it has closed. A listener registered while draining runs at
   * once: a stream opened in the last moment is not left behind.
   */
  onDrain(listener: () => void): () => void;
  /** Begins draining (later calls do nothing); resolves once every live stream told has closed. */
  drain(): Promise<void>;
}

export function lifecycle(): Lifecycle {
  // Bounded by what registers: live streams, which `SLEEVE_MAX_SOCKETS` caps.
  const open = new Set<() => void>();
  let draining = false;
  let leaving = false;
  let gone: (() => void) | undefined;
  const allGone = new Promise<void>((resolve) => (gone = resolve));
  const left = (listener: () => void) => {
    open.delete(listener);
    if (draining && open.size === 0) gone?.();
  };
  return {
    get draining() {
      return leaving || draining;
    },
    leave() {
      leaving = true;
    },
    onDrain(listener) {
      open.add(listener);
      if (draining) listener();
      return () => left(listener);
    },
    drain() {
      if (!draining) {
        draining = true;
        for (const listener of [...open]) listener();
        if (open.size === 0) gone?.();
      }
      return allGone;
    },
  };
}
