/**
 * @module
 * Open `/nowplaying/socket` clients (WebSocket or event stream) each hold a connection, a
 * timer and a watcher for as long as they stay, so they are counted: at most `perIp` per
 * client IP (429 `rate_limited`, as any per-client limit) and `total` per process (503
 * `service_unavailable`: the service is full, not the client at fault), both with
 * `Retry-After`. A slot is taken before any work or upgrade, and given back exactly once,
 * whichever way the client leaves. A request with no known address (an embedder calling
 * `fetch` without `ConnInfo`) meets only the total: counting every such caller as one client
 * would let one of them lock out all the others.
 */
import type { Deps } from '../../wiring/deps.ts';
import { SleeveError } from '../../errors.ts';

/** Seconds a refused client is told to wait: sockets live for minutes, so not less. */
const RETRY_AFTER_S = 30;

interface SocketLimits {
  perIp: number;
  total: number;
}

export interface SocketSlots {
  /** Takes a slot for `ip` (undefined: unknown, total only), or throws the refusal; the returned release is idempotent. */
  take(ip: string | undefined): () => void;
  /** Open clients: in all, and for one IP (for tests and health). */
  open(ip?: string): number;
}

function socketSlots(limits: SocketLimits): SocketSlots {
  const byIp = new Map<string, number>();
  let total = 0;
  return {
    take(ip) {
      const mine = ip === undefined ? 0 : (byIp.get(ip) ?? 0);
      const retry = { headers: { 'Retry-After': String(RETRY_AFTER_S) } };
      if (mine >= limits.perIp) {
        throw new SleeveError(
          'rate_limited',
          `At most ${limits.perIp} open /nowplaying/socket connections per client; close one first.`,
          retry,
        );
      }
      if (total >= limits.total) {
        throw new SleeveError(
          'service_unavailable',
          `This server holds its maximum of ${limits.total} /nowplaying/socket connections; retry in ${RETRY_AFTER_S} s.`,
          retry,
        );
      }
      if (ip !== undefined) byIp.set(ip, mine + 1);
      total++;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        total--;
        if (ip === undefined) return;
        const left = (byIp.get(ip) ?? 1) - 1;
        if (left > 0) byIp.set(ip, left);
        else byIp.delete(ip);
      };
    },
    open: (ip) => (ip === undefined ? total : (byIp.get(ip) ?? 0)),
  };
}

const perApp = new WeakMap<Deps, SocketSlots>();

/** One count per built service (per `createSleeve`), from its options. */
export function slotsFor(deps: Deps): SocketSlots {
  let slots = perApp.get(deps);
  if (!slots) {
    slots = socketSlots({ perIp: deps.options.maxSocketsPerIp, total: deps.options.maxSockets });
    perApp.set(deps, slots);
  }
  return slots;
}
