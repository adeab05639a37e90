/**
 * A request joining a shared upstream call (`core/drivers/kit/shared-work.ts`) waits for it no
 * longer than it would wait for a turn of its own (issue #43): a deferred answer's call may wait
 * minutes for its turn, and a fresh request joining it must still be answered within its 3 s.
 * It leaves with the budget's kind of refusal, naming the upstream, so its answer is completed
 * too; a deferred answer (patient) waits on.
 */
import { describe, expect, it } from 'vitest';
import { MAX_BUDGET_WAIT_MS, REQUEST_BOUND_MS, REQUEST_TURNS_MS } from '../../../core/drivers/kit/bounds.ts';
import { isShortOfTurns } from '../../../core/drivers/kit/refusals.ts';
import { shareWork } from '../../../core/drivers/kit/shared-work.ts';
import { countTurn, deferredScope, requestScope } from '../../../core/drivers/kit/scope.ts';
import { rejection } from '../../helpers/rejection.ts';
import { fakeClock } from '../../helpers/clock.ts';

describe('a shared call joined by a request', () => {
  it("is left at the request's own bound for turns, with a refusal naming the upstream; a deferred answer waits on", async () => {
    // On the kit's clock, virtual (issue #52): the joiner's bound is timed on it.
    const clock = fakeClock();
    let release: (value: string) => void = () => {};
    const work = shareWork(
      () => new Promise<string>((resolve) => (release = resolve)),
      () => {},
      'deezer',
      clock,
    );
    const deferred = deferredScope(new AbortController().signal, '198.51.100.1', 60_000, clock.now());
    const patient = work.join(deferred);
    const request = requestScope({ client: '198.51.100.2', now: clock.now() });
    const started = clock.now();
    const error = await rejection(clock.runOut(work.join(request)));
    const waited = clock.now() - started;
    expect(waited).toBeGreaterThanOrEqual(REQUEST_TURNS_MS - 20);
    expect(waited).toBeLessThan(MAX_BUDGET_WAIT_MS);
    expect(isShortOfTurns(error)).toBe(true);
    expect([error.code, error.message]).toEqual([
      'service_unavailable',
      '[sleeve] [deezer] the upstream call this request joined had no turn in time; retry in 1 s',
    ]);
    release('answer');
    expect(await patient).toBe('answer');
  });

  it('is waited for once its call has had its turn: a call under way is never left at the bound for turns', async () => {
    // A busy machine: the call had its turn, then its answer came after the joiner's 3 s. Left
    // there, the flight was aborted with nobody waiting: a request sent, reported cancelled, and a
    // 503 saying it "had no turn in time".
    const clock = fakeClock();
    let release: (value: string) => void = () => {};
    const request = requestScope({ client: '198.51.100.2', now: clock.now() });
    let aborted = false;
    const work = shareWork(
      (scope) => {
        scope.signal.addEventListener('abort', () => (aborted = true));
        countTurn(scope);
        return new Promise<string>((resolve) => (release = resolve));
      },
      () => {},
      'deezer',
      clock,
    );
    const answer = work.join(request);
    await clock.advance(REQUEST_TURNS_MS + 1_000);
    release('answer');
    expect(await answer).toBe('answer');
    expect(aborted).toBe(false);
    // The turn is the request's own too: its count (the deferred answer's estimate) moved.
    expect(request.progress.turns).toBe(1);
  });

  it("leaves a call under way at the request's bound for its work, with an upstream timeout", async () => {
    // Never waiting on another request's work with no timer of its own: a Workers isolate
    // cancels such a request as hung (a 500 with no body, seen in the Workers budget test).
    const clock = fakeClock();
    const request = requestScope({ client: '198.51.100.2', now: clock.now() });
    const work = shareWork(
      (scope) => {
        countTurn(scope);
        return new Promise<string>(() => {});
      },
      () => {},
      'deezer',
      clock,
    );
    const started = clock.now();
    const error = await rejection(clock.runOut(work.join(request)));
    expect(clock.now() - started).toBe(REQUEST_BOUND_MS);
    expect([error.code, error.message]).toEqual([
      'upstream_timeout',
      `[sleeve] [deezer] the upstream call this request joined did not answer within ${REQUEST_BOUND_MS} ms`,
    ]);
  });
});
