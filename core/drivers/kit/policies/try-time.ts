/**
 * @module
 * A try's times, once it has its turn: the call's time starts at its first turn (a call waiting
 * for its turn has not started) and ends the upstream's timeout later, or at the request's
 * bound; each try has what the retry plan gives it of what is left (`retry.ts`), and a later try
 * with less than `MIN_TRY_MS` left is not made. A raw call's one try has the upstream's timeout.
 */
import { boundsOf, type CallPolicy } from '../call/policy.ts';
import { MIN_TRY_MS, TryNotMade } from './retry.ts';

export const tryTime: CallPolicy = (next) => async (request) => {
  const { upstream, tries } = request;
  if (tries === undefined) return next(request);
  // `now` read once: a second read could fall in the next millisecond and give the first try
  // 49 ms of a 50-ms timeout.
  const now = upstream.clock.now();
  if (tries.end === undefined) tries.end = Math.min(now + upstream.timeoutMs, boundsOf(request.options).until);
  else if (tries.end - now < MIN_TRY_MS) throw new TryNotMade();
  return next({ ...request, times: tries.plan.next(tries.end - now) });
};
