/**
 * The one breaker (core/utils/breaker.ts) in both its uses, on the kit's virtual clock: an
 * upstream's circuit (a failure rate opens it, one trial call after the cool-down) and the
 * storage's breaker (its first failure opens it; every call, or the probe alone, finds it back).
 */
import { describe, expect, it } from 'vitest';
import { upstreamError } from '../../../core/errors.ts';
import { createBreaker } from '../../../core/utils/breaker.ts';
import { createCircuit } from '../../../core/drivers/kit/circuit.ts';
import { breaker } from '../../../core/storage/breaker.ts';
import { fakeClock } from '../../helpers/clock.ts';

describe('createBreaker', () => {
  it('refuses while open, then by its recovery rule: one trial at a time, or every call', () => {
    let now = 0;
    const made = (recovery: 'trial' | 'every-call') =>
      createBreaker({
        now: () => now,
        cooldownMs: 1000,
        trips: (_at, failed) => failed,
        recovery,
      });
    for (const recovery of ['trial', 'every-call'] as const) {
      const b = made(recovery);
      b.ended(b.admit()!, 'failed', new Error('down'));
      expect([b.state, b.admit()]).toEqual(['open', undefined]);
      now += 1000;
      expect(b.state).toBe('half-open');
      const first = b.admit()!;
      const second = b.admit();
      expect([first.trial, second?.trial]).toEqual(recovery === 'trial' ? [true, undefined] : [false, false]);
      b.ended(first, 'ok');
      expect(b.state).toBe('closed');
    }
  });

  it('an outcome that proves nothing neither opens nor closes it', () => {
    let now = 0;
    const b = createBreaker({
      now: () => now,
      cooldownMs: 10,
      trips: () => true,
      recovery: 'trial',
    });
    b.ended(b.admit()!, 'ok');
    expect(b.state).toBe('closed');
    b.ended(b.admit()!, 'other', new Error('aborted'));
    expect(b.state).toBe('open');
    now = 10;
    b.ended(b.admit()!, 'other', new Error('refused'));
    // The trial proved nothing: the next call tries again.
    expect(b.state).toBe('half-open');
    b.ended(b.admit()!, 'unheard', new Error('no turn'));
    expect(b.state).toBe('half-open');
  });

  it('counts a call that was never heard for nothing, where another outcome would have tipped it', () => {
    const seen: boolean[] = [];
    const b = createBreaker({
      now: () => 0,
      cooldownMs: 10,
      trips: (_at, failed) => (seen.push(failed), true),
      recovery: 'trial',
    });
    b.ended(b.admit()!, 'unheard', new Error('no turn'));
    expect([b.state, seen]).toEqual(['closed', []]);
    b.ended(b.admit()!, 'other', new Error('not found'));
    expect([b.state, seen]).toEqual(['open', [false]]);
  });
});

describe('the upstream circuit is the one breaker', () => {
  it('opens on its failure rate, refuses until the cool-down, then lets one trial through, whose success closes it', async () => {
    const clock = fakeClock();
    const changes: string[] = [];
    const circuit = createCircuit({
      name: 'test',
      minCalls: 2,
      cooldownMs: 1000,
      now: clock.now,
      onChange: (state) => void changes.push(state),
    });
    const failing = () => circuit.run(() => Promise.reject(upstreamError('test', 'answered HTTP 500')));
    for (let i = 0; i < 2; i++) await failing().catch(() => {});
    expect(circuit.state).toBe('open');
    await expect(circuit.run(async () => 'ok')).rejects.toThrow('is not asked again for 1 s');
    await clock.advance(1000);
    let calls = 0;
    const trial = circuit.run(() => clock.sleep(100).then(() => ++calls));
    // While the trial runs, the others are refused.
    await expect(circuit.run(async () => ++calls)).rejects.toThrow('is failing');
    await clock.advance(100);
    expect(await trial).toBe(1);
    expect([circuit.state, calls, changes]).toEqual(['closed', 1, ['open', 'closed']]);
  });
});

describe("the storage's breaker is the one breaker", () => {
  it('opens on its first failure and answers the fallback; after the cool-down every call tries it', async () => {
    const clock = fakeClock();
    const told: string[] = [];
    const b = breaker({
      clock,
      cooldownMs: 5000,
      onOutage: (error) => void told.push(`down: ${(error as Error).message}`),
      onRecovery: () => void told.push('back'),
    });
    expect(await b.run(() => Promise.reject(new Error('ECONNREFUSED')), 'fallback')).toBe('fallback');
    let tried = 0;
    expect(b.run(() => ++tried, 0)).toBe(0);
    expect([b.open, tried]).toEqual([true, 0]);
    await clock.advance(5000);
    // Synchronous work stays synchronous; both calls try the storage.
    expect([b.run(() => ++tried, 0), b.run(() => ++tried, 0)]).toEqual([1, 2]);
    expect([b.open, told]).toEqual([false, ['down: ECONNREFUSED', 'back']]);
  });

  it('with a probe, skips the storage until the probe, every cool-down in the background, finds it back', async () => {
    const clock = fakeClock();
    let up = false;
    let probes = 0;
    const told: string[] = [];
    const b = breaker({
      clock,
      cooldownMs: 5000,
      probe: async () => {
        probes++;
        if (!up) throw new Error('still down');
      },
      onOutage: () => void told.push('down'),
      onRecovery: () => void told.push('back'),
    });
    b.run(() => {
      throw new Error('down');
    }, undefined);
    await clock.advance(10_000);
    expect([b.open, probes, b.run(() => 'asked', 'skipped')]).toEqual([true, 2, 'skipped']);
    up = true;
    await clock.advance(5000);
    expect([b.open, probes, b.run(() => 'asked', 'skipped'), told]).toEqual([false, 3, 'asked', ['down', 'back']]);
  });
});
