/**
 * @module
 * What a call's policies are made of: one request of a call as they pass it down
 * (`UpstreamRequest`), the one function type each of them wraps (`Call`), and a policy, a
 * function from the call below it to the call it makes (`CallPolicy`). The order they wrap in
 * is written once (`policies.ts`).
 */
import type { Reply, Upstream, UpstreamCallOptions } from './upstream.ts';

/** One try's time: all of it until its first byte, then the whole answer (`retry.ts` sets them per try). */
export interface TryTimes {
  firstByteMs: number;
  totalMs: number;
}

/**
 * What the tries of one call share (`retry.ts` makes it, one per call): the plan of its tries
 * and its time, which starts at its first budget turn (`try-time.ts` sets `end` then).
 */
export interface CallTries {
  /** The tries planned as they go: each one's times, and whether a failure is worth another. */
  readonly plan: {
    next(leftMs: number): TryTimes;
    again(error: unknown, callerGone: boolean): boolean;
    pauseMs(): number;
  };
  /** When the call's time is over (the clock's Unix ms); undefined until its first turn. */
  end: number | undefined;
}

/** Why a request failed, as a policy that set a limit on it knows it; undefined when not its. */
type Explain = (error: unknown, what: 'answer' | 'body') => unknown;

/**
 * One request of a call as the policies pass it down, each passing on a copy with what it adds:
 * the call's tries (`retry.ts`), the try's times (`try-time.ts`), the URL of a redirect
 * (`redirects.ts`), the signal a limit aborts (`whole-try.ts`, `first-byte.ts`) with its own
 * words for the failure (`explain`), and `read` wrapped by those that judge the answer first.
 */
export interface UpstreamRequest<T> {
  readonly upstream: Upstream;
  readonly url: string;
  readonly options: UpstreamCallOptions;
  /** The driver's reading of the answer; what it returns is the call's result. */
  readonly read: (reply: Reply) => T | Promise<T>;
  /** The call's tries; undefined for a raw call (a health probe), which is one try. */
  readonly tries: CallTries | undefined;
  /** This try's times (a raw call's: the upstream's whole timeout for both). */
  readonly times: TryTimes;
  /** What ends the request: the caller's abort (but for a shared call) and the limits set above. */
  readonly signal: AbortSignal | undefined;
  readonly explain: Explain;
}

/** A call as each policy sees the one below it: a request in, what its `read` returned out. */
export type Call = <T>(request: UpstreamRequest<T>) => Promise<T>;

/** One policy: given the call below it, the call it makes of it (`policies.ts` composes them). */
export type CallPolicy = (next: Call) => Call;

/** `signal` and `limit` together: the request ends at whichever aborts first. */
export function joined(signal: AbortSignal | undefined, limit: AbortSignal): AbortSignal {
  return signal ? AbortSignal.any([signal, limit]) : limit;
}

/** Whether the caller of `options` went away (a shared call's caller never does: others wait on it). */
export function callerGone(options: UpstreamCallOptions): boolean {
  return options.shared !== true && options.scope?.signal.aborted === true;
}

/**
 * Whether `error` is the reason the call's scope was aborted with: the call ended because its
 * caller left (for a shared call, its last joiner), not for anything the upstream or the budget did.
 */
export function endedByCaller(options: UpstreamCallOptions, error: unknown): boolean {
  return options.scope?.signal.aborted === true && error === options.scope.signal.reason;
}

/**
 * The request's bounds on a call (`scope.ts`): by when its turns must come and its work be over.
 * A GET's only: a POST (the model's answer) has its own time, and a call no request made none.
 */
export function boundsOf(options: UpstreamCallOptions): { turnsBy: number; until: number } {
  const idempotent = (options.method ?? 'GET') === 'GET';
  const scope = idempotent ? options.scope : undefined;
  return { turnsBy: scope?.turnsBy ?? Infinity, until: scope?.until ?? Infinity };
}
