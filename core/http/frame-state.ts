/**
 * @module
 * The per-app state the frame layers share: the storage's breaker, the rate-limit
 * counters, and the identical misses in flight. Built once per `createFrame`.
 */
import type { Deps } from '../wiring/deps.ts';
import type { Breaker } from '../storage/breaker.ts';
import type { CounterStore } from '../storage/counters.ts';
import type { Flight } from './cache/layer.ts';
import type { Held } from './cache/entry.ts';
import { inFlight, type InFlight } from '../utils/in-flight.ts';

export interface FrameState {
  breaker: Breaker;
  counters: CounterStore;
  inflight: InFlight<Flight>;
  hot: Map<string, Held>;
}

export function frameState(deps: Deps): FrameState {
  return {
    breaker: deps.breaker,
    counters: deps.counters,
    inflight: inFlight(),
    hot: new Map(),
  };
}
