/**
 * The policies of an upstream call (`core/drivers/kit/call/`), their order written once, and
 * the outer ones each alone around a fake `next`, on a virtual clock: the circuit, the retry
 * (its hold-off answers included), the budget turn and the try's time.
 */
import { describe, expect, it } from 'vitest';
import { upstreamError } from '../../../core/errors.ts';
import type { Budget } from '../../../core/drivers/kit/budget/budget.ts';
import { budgetTurn } from '../../../core/drivers/kit/policies/budget-turn.ts';
import { circuitBreaker } from '../../../core/drivers/kit/policies/circuit-breaker.ts';
import { firstByte } from '../../../core/drivers/kit/policies/first-byte.ts';
import { HoldOff } from '../../../core/drivers/kit/call/hold-off.ts';
import { CALL_POLICIES, composed } from '../../../core/drivers/kit/call/policies.ts';
import type { Call, CallPolicy, CallTries, UpstreamRequest } from '../../../core/drivers/kit/call/policy.ts';
import { redirects } from '../../../core/drivers/kit/policies/redirects.ts';
import { reportSent } from '../../../core/drivers/kit/policies/report-sent.ts';
import { MAX_TRIES, MIN_TRY_MS, retry, TryNotMade } from '../../../core/drivers/kit/policies/retry.ts';
import { failingStatuses } from '../../../core/drivers/kit/policies/status.ts';
import { tryTime } from '../../../core/drivers/kit/policies/try-time.ts';
import { wholeTry } from '../../../core/drivers/kit/policies/whole-try.ts';
import { createCircuit } from '../../../core/drivers/kit/circuit.ts';
import { BudgetRefusal, NotAsked, retryable } from '../../../core/drivers/kit/refusals.ts';
import { requestScope } from '../../../core/drivers/kit/scope.ts';
import type { TakeOptions } from '../../../core/drivers/kit/budget/face.ts';
import { rejection } from '../../helpers/rejection.ts';
import { requestTo, testUpstream, toldReport } from './_call-request.ts';

const passing = () => retryable(upstreamError('test', 'answered HTTP 503'));
const quota = () => new HoldOff(1000, 'service_unavailable', '[sleeve] [test] hold off');

/** A fake `next` (a try planned as it starts) answering each request with the next of `outcomes` (an error is thrown), and the requests it saw. */
function nextOf(...outcomes: unknown[]): Call & { seen: UpstreamRequest<unknown>[] } {
  const seen: UpstreamRequest<unknown>[] = [];
  const next = (async (request: UpstreamRequest<unknown>) => {
    seen.push(request);
    // As the try's time does below the retry: the plan decides each try's times as it starts.
    request.tries?.plan.next(2500);
    const outcome = outcomes[Math.min(seen.length - 1, outcomes.length - 1)];
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }) as Call & { seen: UpstreamRequest<unknown>[] };
  next.seen = seen;
  return next;
}

/** A budget that grants every turn (or refuses with `refusal`), telling what each take and pause asked. */
function budgetOf(refusal?: Error) {
  const takes: (TakeOptions | undefined)[] = [];
  const pauses: number[] = [];
  const budget = {
    take: async (_scope: unknown, options?: TakeOptions) => {
      takes.push(options);
      if (refusal) throw refusal;
    },
    pause: (ms: number) => void pauses.push(ms),
  } as unknown as Budget;
  return { budget, takes, pauses };
}

const triesOf = (end?: number): CallTries => ({
  plan: { next: (leftMs) => ({ firstByteMs: leftMs, totalMs: leftMs }), again: () => true, pauseMs: () => 50 },
  end,
});

describe("the order of a call's policies", () => {
  it('is written once, from the outside in', () => {
    expect(CALL_POLICIES).toEqual([
      circuitBreaker,
      retry,
      budgetTurn,
      tryTime,
      wholeTry,
      redirects,
      failingStatuses,
      reportSent,
      firstByte,
    ]);
  });

  it('composes the first outermost, the last around the request itself', async () => {
    const order: string[] = [];
    const named =
      (name: string): CallPolicy =>
      (next) =>
      (request) => {
        order.push(name);
        return next(request);
      };
    const call = composed([named('outer'), named('inner')], nextOf(7));
    expect(await call(requestTo(testUpstream()))).toBe(7);
    expect(order).toEqual(['outer', 'inner']);
  });
});

describe('the circuit policy', () => {
  const circuitOf = (upstream: ReturnType<typeof testUpstream>) =>
    createCircuit({ name: 'test', now: upstream.clock.now, minCalls: 1, failureRate: 0.5 });

  it('counts the call once, whatever happened below; refuses it while open, reported apart, never sent', async () => {
    const report = toldReport();
    const upstream = testUpstream({ report });
    const circuit = circuitOf(upstream);
    const next = nextOf(passing());
    const call = circuitBreaker(next);
    await rejection(call(requestTo({ ...upstream, circuit })));
    expect(circuit.state).toBe('open');
    expect((await rejection(call(requestTo({ ...upstream, circuit })))).message).toMatch(/is failing/);
    expect(next.seen).toHaveLength(1);
    expect(report.refusals).toEqual(['circuit']);
  });

  it('takes an answer asking to hold off as the upstream working, and passes its error on', async () => {
    const upstream = testUpstream();
    const circuit = circuitOf(upstream);
    const error = quota();
    expect(await circuitBreaker(nextOf(error))(requestTo({ ...upstream, circuit })).catch((e) => e)).toBe(error);
    expect([circuit.state, circuit.answeredAt]).toEqual(['closed', upstream.clock.now()]);
  });

  it("counts no call the upstream never heard: a budget's refusal, its request's time spent, the caller's own abort", async () => {
    const upstream = testUpstream();
    const circuit = circuitOf(upstream);
    const refusal = new BudgetRefusal('late', 'no turn in time');
    expect(await rejection(circuitBreaker(nextOf(refusal))(requestTo({ ...upstream, circuit })))).toBe(refusal);
    const leaving = new AbortController();
    const left = new DOMException('the client left', 'AbortError');
    leaving.abort(left);
    const scope = requestScope({ now: upstream.clock.now(), signal: leaving.signal });
    const gone = requestTo({ ...upstream, circuit }, { options: { scope } });
    expect(await circuitBreaker(nextOf(left))(gone).catch((e: unknown) => e)).toBe(left);
    // A 504 to its caller, yet no failure of the upstream's: with minCalls 1, one would open it.
    const notAsked = new NotAsked('upstream_timeout', '[sleeve] [test] not asked');
    expect(await rejection(circuitBreaker(nextOf(notAsked))(requestTo({ ...upstream, circuit })))).toBe(notAsked);
    expect(circuit.state).toBe('closed');
    // Counted, either would have been a call that worked; with minCalls 1, one failure now opens it.
    await rejection(circuitBreaker(nextOf(passing()))(requestTo({ ...upstream, circuit })));
    expect(circuit.state).toBe('open');
  });

  it('lets a raw call (a health probe) by, uncounted', async () => {
    const upstream = testUpstream();
    const circuit = circuitOf(upstream);
    await rejection(circuitBreaker(nextOf(passing()))(requestTo({ ...upstream, circuit }, { options: { raw: true } })));
    expect(circuit.state).toBe('closed');
  });
});

describe('the retry policy', () => {
  it('tries a GET again after a passing failure, one tries record for the call, a pause between', async () => {
    const upstream = testUpstream();
    const next = nextOf(passing(), passing(), 200);
    const started = upstream.clock.now();
    expect(await upstream.clock.runOut(retry(next)(requestTo(upstream)))).toBe(200);
    expect(next.seen).toHaveLength(3);
    expect(new Set(next.seen.map((r) => r.tries)).size).toBe(1);
    expect(upstream.clock.now() - started).toBeGreaterThanOrEqual(2 * 50);
  });

  it('tries a POST, a raw call and a failure no try may mend once', async () => {
    for (const [options, error] of [
      [{ method: 'POST' as const }, passing()],
      [{ raw: true }, passing()],
      [{}, upstreamError('test', 'answered error 100')],
    ] as const) {
      const upstream = testUpstream();
      const next = nextOf(error);
      expect(await upstream.clock.runOut(retry(next)(requestTo(upstream, { options })).catch((e) => e))).toBe(error);
      expect(next.seen).toHaveLength(1);
    }
  });

  it('gives the failure of the try before when the next one is not made', async () => {
    const upstream = testUpstream();
    const failed = passing();
    const next = nextOf(failed, new TryNotMade());
    expect(await upstream.clock.runOut(retry(next)(requestTo(upstream)).catch((e) => e))).toBe(failed);
    expect(next.seen).toHaveLength(2);
  });

  it('pauses the budget for an answer asking to hold off, and asks again as a new call', async () => {
    const { budget, pauses } = budgetOf();
    const upstream = testUpstream({ budget });
    const next = nextOf(quota(), 200);
    expect(await upstream.clock.runOut(retry(next)(requestTo(upstream)))).toBe(200);
    expect(pauses).toEqual([1000]);
    expect(next.seen).toHaveLength(2);
    // A new call: a tries record of its own, its time starting at its own first turn.
    expect(next.seen[0]!.tries).not.toBe(next.seen[1]!.tries);
  });

  it('gives up asking after MAX_TRIES answers asking to hold off: the caller hears their error', async () => {
    const { budget, pauses } = budgetOf();
    const upstream = testUpstream({ budget });
    const error = quota();
    const next = nextOf(error);
    expect(await upstream.clock.runOut(retry(next)(requestTo(upstream)).catch((e) => e))).toBe(error);
    expect([next.seen.length, pauses.length]).toEqual([MAX_TRIES, MAX_TRIES]);
  });
});

describe('the budget turn policy', () => {
  it("takes the first try's turn within the request's turns, a try's worth before its bound", async () => {
    const { budget, takes } = budgetOf();
    const upstream = testUpstream({ budget });
    const scope = requestScope({ now: upstream.clock.now() });
    await budgetTurn(nextOf(200))(requestTo(upstream, { options: { scope }, tries: triesOf() }));
    expect(takes).toEqual([{ until: Math.min(scope.turnsBy, scope.until - MIN_TRY_MS), abortable: true }]);
  });

  it("takes a later try's turn a try's worth before the call's end", async () => {
    const { budget, takes } = budgetOf();
    const upstream = testUpstream({ budget });
    await budgetTurn(nextOf(200))(requestTo(upstream, { options: { shared: true }, tries: triesOf(5000) }));
    expect(takes).toEqual([{ until: 5000 - MIN_TRY_MS, abortable: false }]);
  });

  it("reports a refusal apart: the first try's is the caller's answer, a later try's is a try not made", async () => {
    const refusal = new BudgetRefusal('late', 'no turn in time');
    const report = toldReport();
    const upstream = testUpstream({ budget: budgetOf(refusal).budget, report });
    const next = nextOf(200);
    expect(await budgetTurn(next)(requestTo(upstream, { tries: triesOf() })).catch((e) => e)).toBe(refusal);
    expect(await budgetTurn(next)(requestTo(upstream, { tries: triesOf(5000) })).catch((e) => e)).toBeInstanceOf(
      TryNotMade,
    );
    expect([report.refusals, next.seen.length]).toEqual([['budget', 'budget'], 0]);
  });

  it('reports no refusal for a caller that left while it waited, its reason a 503 of its own', async () => {
    // A shared flight's last joiner leaves short of turns: the flight's signal aborts with that
    // 503, and the budget's wait rejects with it. The budget refused nothing (its own count
    // stays), so the figures must not count a budget refusal either.
    const leaving = new AbortController();
    const reason = new BudgetRefusal('late', 'the upstream call this request joined had no turn in time');
    const budget = {
      take: (scope: { signal: AbortSignal }) =>
        new Promise<void>((_, reject) => scope.signal.addEventListener('abort', () => reject(scope.signal.reason))),
    } as unknown as Budget;
    const report = toldReport();
    const upstream = testUpstream({ budget, report });
    const scope = { ...requestScope({ now: upstream.clock.now() }), signal: leaving.signal };
    const call = budgetTurn(nextOf(200))(requestTo(upstream, { options: { scope }, tries: triesOf() }));
    leaving.abort(reason);
    expect(await call.catch((e) => e)).toBe(reason);
    expect(report.refusals).toEqual([]);
  });

  it("asks nothing once the request's bound is spent, and no turn of a raw call", async () => {
    const { budget, takes } = budgetOf();
    const upstream = testUpstream({ budget });
    const scope = requestScope({ now: upstream.clock.now() });
    await upstream.clock.advance(scope.until - upstream.clock.now() - MIN_TRY_MS + 1);
    const error = await rejection(
      budgetTurn(nextOf(200))(requestTo(upstream, { options: { scope }, tries: triesOf() })),
    );
    expect([error.code, error.message]).toEqual(['upstream_timeout', expect.stringMatching(/not asked/)]);
    expect(error).toBeInstanceOf(NotAsked);
    expect(await budgetTurn(nextOf(200))(requestTo(upstream))).toBe(200);
    expect(takes).toEqual([]);
  });
});

describe('the try time policy', () => {
  it("starts the call's time at its first turn, within the request's bound, and gives each try its share", async () => {
    const upstream = testUpstream({ timeoutMs: 2500 });
    const scope = requestScope({ now: upstream.clock.now() - 4000 });
    const tries = triesOf();
    const next = nextOf(200);
    await tryTime(next)(requestTo(upstream, { options: { scope }, tries }));
    expect(tries.end).toBe(scope.until);
    expect(next.seen[0]!.times.totalMs).toBe(scope.until - upstream.clock.now());
  });

  it('makes no later try with less than MIN_TRY_MS of the call left', async () => {
    const upstream = testUpstream();
    const next = nextOf(200);
    const late = tryTime(next)(requestTo(upstream, { tries: triesOf(upstream.clock.now() + MIN_TRY_MS - 1) }));
    expect(await late.catch((e) => e)).toBeInstanceOf(TryNotMade);
    expect(next.seen).toHaveLength(0);
  });
});
