/**
 * Issue #52: the retry policy alone (`kit/policies/retry.ts`), no upstream and no clock: how many tries,
 * how long each may take, and which failures are worth another.
 */
import { describe, expect, it } from 'vitest';
import { upstreamError } from '../../../core/errors.ts';
import { PassingFailure, retryable } from '../../../core/drivers/kit/refusals.ts';
import {
  FIRST_BYTE_MS,
  MAX_TRIES,
  MIN_TRY_MS,
  RETRY_PAUSE_MS,
  TRY_MS,
  tries,
} from '../../../core/drivers/kit/policies/retry.ts';

const passing = (): PassingFailure => retryable(upstreamError('test', 'answered HTTP 503'));

describe('the retry policy', () => {
  it('gives a GET at most MAX_TRIES tries, the first ones bounded, the last all that is left', () => {
    const plan = tries(true, () => 0);
    const times = [];
    let left = 2500;
    for (let i = 0; i < MAX_TRIES; i++) {
      const next = plan.next(left);
      times.push(next);
      if (i < MAX_TRIES - 1) expect(plan.again(passing(), false)).toBe(true);
      // Each try fails fast (a refused connection, a 503): little of the call's time goes.
      left -= 100;
    }
    expect(times.slice(0, -1)).toEqual(
      Array(MAX_TRIES - 1).fill({ firstByteMs: Math.min(FIRST_BYTE_MS, TRY_MS), totalMs: TRY_MS }),
    );
    // The last: all that was left of the call's time when it began (2500 - 2 × 100).
    expect(times.at(-1)).toEqual({ firstByteMs: 2300, totalMs: 2300 });
    expect(plan.again(passing(), false)).toBe(false);
  });

  it('makes a try the last when what is left could not hold another after it', () => {
    const plan = tries(true);
    const short = TRY_MS + 2 * RETRY_PAUSE_MS + MIN_TRY_MS - 1;
    expect(plan.next(short)).toEqual({ firstByteMs: short, totalMs: short });
    expect(plan.again(passing(), false)).toBe(false);
  });

  it('tries a POST once, whatever failed', () => {
    const plan = tries(false);
    expect(plan.next(30_000)).toEqual({ firstByteMs: 30_000, totalMs: 30_000 });
    expect(plan.again(passing(), false)).toBe(false);
  });

  it('tries again only a passing failure, and not for a caller who left', () => {
    const plan = tries(true);
    plan.next(2500);
    expect(plan.again(upstreamError('test', 'answered HTTP 404'), false)).toBe(false);
    expect(plan.again(passing(), true)).toBe(false);
    expect(plan.again(passing(), false)).toBe(true);
  });

  it('pauses between 1 and 2 pauses, jittered', () => {
    expect(tries(true, () => 0).pauseMs()).toBe(RETRY_PAUSE_MS);
    expect(tries(true, () => 0.999).pauseMs()).toBeCloseTo(2 * RETRY_PAUSE_MS, 0);
  });

  it('keeps a passing failure what it was: its code, words and headers', () => {
    const error = upstreamError('test', 'sent no answer within 1000 ms', 'upstream_timeout');
    const again = retryable(error);
    expect(again).toBeInstanceOf(PassingFailure);
    expect([again.code, again.status, again.message]).toEqual([error.code, error.status, error.message]);
    expect(retryable(again)).toBe(again);
  });
});
