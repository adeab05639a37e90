/**
 * @module
 * The kit's public face: what the frame (`http/`), `observe/` and the wiring may use
 * of it. Everything else in `kit/` is the drivers' and the kit's own; a layer rule
 * (`.dependency-cruiser.mjs`, `kit-public-face`) keeps `http/` and `observe/` on this file, so
 * the kit's parts can change without the frame's noticing.
 */
export { REQUEST_TURNS_MS } from './bounds.ts';
export type { Budget } from './budget/budget.ts';
export type { Circuit } from './circuit.ts';
export { clockOf, every, systemClock, type Clock } from './clock.ts';
export { createDriverContext, type BudgetSpec, type DriverContext } from './context.ts';
export { DEFERRED } from './budget/fair-queue.ts';
export type { FetchLike } from './call/fetch-like.ts';
export { CALL_RESULTS, type CallReport, type CallResult } from './call/report.ts';
export { keyedCount } from './budget/keyed-count.ts';
export { isBudgetRefusal } from './refusals.ts';
export {
  deferredScope,
  hurry,
  refreshScope,
  requestScope,
  unboundScope,
  type RequestScope,
} from './scope.ts';
export { upstreamTally, type UpstreamTally } from './tally.ts';
