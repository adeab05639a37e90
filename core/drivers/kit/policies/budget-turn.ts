/**
 * @module
 * A budget turn for each try of a call (`budget.ts`), before its time starts: the first within
 * the request's turns (`scope.turnsBy`) and with a try's worth of its bound left, the next ones
 * with a try's worth of the call's time left. A refusal is reported apart from the requests sent
 * (`report.ts`), never counted as one: the first try's is what the caller hears (a 503), a later
 * try's leaves the caller hearing what failed before (`TryNotMade`). A raw call (a health probe)
 * takes no turn.
 */
import { REQUEST_BOUND_MS } from '../bounds.ts';
import { isBudgetRefusal, NotAsked } from '../refusals.ts';
import { boundsOf, endedByCaller, type CallPolicy } from '../call/policy.ts';
import { MIN_TRY_MS, TryNotMade } from './retry.ts';
import { failure } from '../call/upstream.ts';

export const budgetTurn: CallPolicy = (next) => async (request) => {
  const { upstream, options, tries } = request;
  if (tries === undefined) return next(request);
  const { turnsBy, until: requestEnd } = boundsOf(options);
  const first = tries.end === undefined;
  if (first && requestEnd - upstream.clock.now() < MIN_TRY_MS) {
    const spent = failure(upstream, `not asked: the request's ${REQUEST_BOUND_MS} ms for its upstream calls are spent`);
    throw new NotAsked('upstream_timeout', spent.message);
  }
  const until = first ? Math.min(turnsBy, requestEnd - MIN_TRY_MS) : (tries.end ?? Infinity) - MIN_TRY_MS;
  try {
    await upstream.budget?.take(options.scope, { until, abortable: options.shared !== true });
  } catch (refusal) {
    // A caller that left while it waited is no refusal of the budget's, though its reason may be
    // a 503 of its own (a shared flight's last joiner leaving short of turns, `shared-work.ts`).
    if (isBudgetRefusal(refusal) && !endedByCaller(options, refusal)) upstream.report?.refused('budget');
    // No turn in time for a later try worth making: the caller hears what failed, not the budget.
    throw first ? refusal : new TryNotMade();
  }
  return next(request);
};
