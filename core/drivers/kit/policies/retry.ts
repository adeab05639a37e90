/**
 * @module
 * The retry policy of an upstream call: how many tries, how long each may take, and
 * whether a failure is worth another. One call in ten failing costs an answer of four calls
 * 1 - 0.9^4 = 34% with no retry, 1 - 0.99^4 = 3.9% with one, and 1 - 0.999^4 = 0.4% with two:
 * the third try is what reaches 99%. A try that is not the last gives up at `FIRST_BYTE_MS`
 * without a status line or at `TRY_MS` without its whole body, leaving the rest of the call's
 * time to the next; the last has all that is left.
 *
 * Each try goes through the policies below this one (`policies.ts`): its own budget turn, its
 * own times. An answer that says "hold off" (`hold-off.ts`) is another kind of failure: the
 * upstream's budget is paused and the call asked again from its first turn, a new call's time.
 */
import { PassingFailure } from '../refusals.ts';
import { HoldOff } from '../call/hold-off.ts';
import {
  callerGone,
  type Call,
  type CallPolicy,
  type CallTries,
  type TryTimes,
  type UpstreamRequest,
} from '../call/policy.ts';

/** Tries of one idempotent call at most; answers asking to hold off are asked again as often. */
export const MAX_TRIES = 3;
/**
 * No status line within this and a try is given up (and made again while time is left):
 * Deezer, ReccoBeats and AzuraCast answer in 0.1 to 0.3 s, so a second's silence is a try lost,
 * and waiting out the whole 2.5 s would leave no time for another.
 */
export const FIRST_BYTE_MS = 1000;
/** A try that is not the last has this long for its whole answer, body included (a body that drips). */
export const TRY_MS = 1250;
/** No try starts with less than this left of the call's time or the request's (its scope's `until`, `scope.ts`). */
export const MIN_TRY_MS = 300;
/** The pause before another try: between this and twice it, at random, so callers that failed together do not come back together. */
export const RETRY_PAUSE_MS = 50;

/** The tries of one call, planned as they go. */
export interface Tries {
  /** The next try's times, given `leftMs` of the call's time; whether it is the last is decided here. */
  next(leftMs: number): TryTimes;
  /** Whether `error`, from the try just made, is worth another (the caller still waiting). */
  again(error: unknown, callerGone: boolean): boolean;
  /** The pause before the next try, ms. */
  pauseMs(): number;
}

/** `idempotent`: a GET; a POST is tried once (the model's answers cost a generation). */
export function tries(idempotent: boolean, random: () => number = Math.random): Tries {
  let made = 0;
  let last = true;
  return {
    next(leftMs) {
      made++;
      last = !idempotent || made === MAX_TRIES || leftMs < TRY_MS + 2 * RETRY_PAUSE_MS + MIN_TRY_MS;
      const totalMs = Math.max(1, last ? leftMs : TRY_MS);
      return { firstByteMs: last ? totalMs : Math.min(FIRST_BYTE_MS, totalMs), totalMs };
    },
    again: (error, callerGone) => !last && error instanceof PassingFailure && !callerGone,
    pauseMs: () => Math.round(RETRY_PAUSE_MS * (1 + random())),
  };
}

/**
 * A try after the first that was not made: no budget turn in time for one worth making
 * (`budget-turn.ts`), or too little of the call's time left (`try-time.ts`). The caller hears
 * what failed the try before, not why another was not made.
 */
export class TryNotMade extends Error {}

const isGet = (request: UpstreamRequest<unknown>): boolean => (request.options.method ?? 'GET') === 'GET';

/** The tries of one call, each through `next`, while a failure may pass and time is left. */
async function triesOf<T>(next: Call, request: UpstreamRequest<T>): Promise<T> {
  const made: CallTries = { plan: tries(isGet(request)), end: undefined };
  let failed: unknown;
  for (;;) {
    try {
      return await next({ ...request, tries: made });
    } catch (error) {
      if (error instanceof TryNotMade) throw failed;
      if (!made.plan.again(error, callerGone(request.options))) throw error;
      failed = error;
      await request.upstream.clock.sleep(made.plan.pauseMs());
    }
  }
}

/** Tries a call again as the policy says; a raw call (a health probe says what one call saw) once. */
export const retry: CallPolicy =
  (next) =>
  async <T>(request: UpstreamRequest<T>): Promise<T> => {
    if (request.options.raw === true) return next(request);
    for (let asked = 1; ; asked++) {
      try {
        return await triesOf(next, request);
      } catch (error) {
        if (!(error instanceof HoldOff)) throw error;
        request.upstream.budget?.pause(error.pauseMs);
        if (!isGet(request) || asked >= MAX_TRIES) throw error;
      }
    }
  };
