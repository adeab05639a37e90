/**
 * @module
 * The kit's refusals and failures as error classes, each saying its kind by its class and its
 * reason, matched with `instanceof`: they stay `SleeveError`s, so every layer renders
 * them as it renders any, and a reader sees what a layer above may do with one.
 */
import { SleeveError } from '../../errors.ts';

/**
 * Why a budget refused a call: `late`, its turn would come after what its request may wait
 * (its work can still be done later, `http/cache/deferred.ts`); `full`, no place to wait in;
 * `dropped`, a refresh let go for a busy budget (nobody asked for it).
 */
export type RefusalReason = 'late' | 'full' | 'dropped';

/** A budget's 503: no turn for this call, and when to ask again (`Retry-After`, whole seconds). */
export class BudgetRefusal extends SleeveError {
  readonly reason: RefusalReason;
  constructor(reason: RefusalReason, message: string, retryAfterS = 1) {
    super('service_unavailable', message, { headers: { 'Retry-After': String(Math.max(1, retryAfterS)) } });
    this.reason = reason;
  }
}

/** A 503 for want of a turn in time, made elsewhere than in a budget (a call joined too late, `shared-work.ts`). */
export function shortOfTurns(message: string): BudgetRefusal {
  return new BudgetRefusal('late', message);
}

/**
 * Whether `error` refused a client's call only because its turn would come too late: the
 * request's remaining calls can go on in the background (`http/cache/deferred.ts`). A full
 * queue's refusals are not: there is no room to wait in.
 */
export function isShortOfTurns(error: unknown): error is BudgetRefusal {
  return error instanceof BudgetRefusal && error.reason === 'late';
}

/** Whether `error` is any budget's refusal (`late`, `full` or `dropped`): no turn, so no word from the upstream. */
export function isBudgetRefusal(error: unknown): error is BudgetRefusal {
  return error instanceof BudgetRefusal;
}

/** Whether `error` is a refresh's call let go for a busy budget: a client that joined it makes it again itself. */
export function isBackgroundDrop(error: unknown): error is BudgetRefusal {
  return error instanceof BudgetRefusal && error.reason === 'dropped';
}

/**
 * A call not made at all: its request's time for upstream work was spent before its first turn
 * (`budget-turn.ts`). Its caller hears a 504, but the upstream never heard the call, so its
 * circuit does not count it (`circuit-breaker.ts`): a busy instance is no failing upstream.
 */
export class NotAsked extends SleeveError {}

/** A circuit that is open refused the call without asking the upstream (`circuit.ts`). */
export class CircuitOpen extends SleeveError {
  constructor(message: string, retryAfterS: number) {
    super('upstream_error', message, { headers: { 'Retry-After': String(retryAfterS) } });
  }
}

/**
 * An upstream failure another try may mend (`retry.ts`): a connection refused or reset, no
 * first byte in time, a 5xx, a body cut off, over its limit or not JSON where JSON was asked.
 */
export class PassingFailure extends SleeveError {}

/** `error` as a failure worth another try of its call: same code, words, cause and headers. */
export function retryable(error: SleeveError): PassingFailure {
  if (error instanceof PassingFailure) return error;
  const again = new PassingFailure(error.code, error.message, {
    cause: error.cause,
    headers: error.headers,
    extra: error.extra,
    ...(error.param === undefined ? {} : { param: error.param }),
  });
  if (error.stack !== undefined) again.stack = error.stack;
  return again;
}
