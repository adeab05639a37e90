/**
 * @module
 * The per-app state the frame layers share: the storage behind a breaker, the rate-limit
 * counters, and the identical misses in flight. Built once per `createApp`.
 */
import type { Deps } from '../deps.ts';
import { breaker, type Breaker } from '../storage/breaker.ts';
import { countersFor, type CounterStore } from '../storage/counters.ts';
import type { Outcome } from './cache.ts';
import type { Held } from './cache-entry.ts';

export interface FrameState {
  breaker: Breaker;
  counters: CounterStore;
  inflight: Map<string, Promise<Outcome>>;
  hot: Map<string, Held>;
}

export function frameState(deps: Deps): FrameState {
  return {
    breaker: breaker({
      onOutage: (error) =>
        deps.log.error('storage unavailable: answering uncached and unlimited until it is back', {
          storage: deps.options.storageName,
          error: error instanceof Error ? error.message : String(error),
        }),
    }),
    counters: countersFor(deps.storage),
    inflight: new Map(),
    hot: new Map(),
  };
}
