/**
 * The one coalescer (core/utils/in-flight.ts), on the kit's virtual clock: work under way by key,
 * shared by whoever asks meanwhile, forgotten for the keys still its own, and a waiter who leaves
 * on its own abort without stopping the work for the others.
 */
import { describe, expect, it } from 'vitest';
import { awaitUnlessAborted, inFlight } from '../../../core/utils/in-flight.ts';
import { fakeClock } from '../../helpers/clock.ts';

describe('inFlight', () => {
  it('shares the work under way for a key, started once, and forgets it once it settles', async () => {
    const clock = fakeClock();
    const flights = inFlight<Promise<string>>();
    let started = 0;
    const ask = () =>
      flights.share('cover', (forget) => {
        started++;
        return clock
          .sleep(100)
          .then(() => 'bytes')
          .finally(forget);
      });
    const first = ask();
    const second = ask();
    expect(second).toBe(first);
    expect(flights.size).toBe(1);
    await clock.advance(100);
    expect(await Promise.all([first, second])).toEqual(['bytes', 'bytes']);
    expect(flights.size).toBe(0);
    // Settled and forgotten: the next asker starts its own.
    void ask();
    expect(started).toBe(2);
  });

  it('shares one error with every waiter, then lets the next asker try again', async () => {
    const clock = fakeClock();
    const flights = inFlight<Promise<string>>();
    const failing = (forget: () => void) =>
      clock
        .sleep(10)
        .then((): string => {
          throw new Error('upstream down');
        })
        .finally(forget);
    const waiters = [flights.share('k', failing), flights.share('k', failing)];
    const settled = Promise.allSettled(waiters);
    await clock.advance(10);
    expect((await settled).map((s) => (s.status === 'rejected' ? (s.reason as Error).message : s.value))).toEqual([
      'upstream down',
      'upstream down',
    ]);
    expect(flights.has('k')).toBe(false);
  });

  it('one work serves several keys (a batch); forgetting it leaves a key that newer work took', () => {
    const flights = inFlight<string>();
    const forgetOld = flights.add(['A', 'B', 'C'], 'old batch');
    expect(['A', 'B', 'C'].map((key) => flights.get(key))).toEqual(['old batch', 'old batch', 'old batch']);
    // B is taken over (its old batch was abandoned for it, say), then the old batch settles.
    flights.add('B', 'new batch');
    forgetOld();
    expect([flights.get('A'), flights.get('B'), flights.get('C')]).toEqual([undefined, 'new batch', undefined]);
    expect(flights.size).toBe(1);
  });

  it('a waiter whose signal aborts leaves with its reason; the work goes on for the others', async () => {
    const clock = fakeClock();
    const shared = clock.sleep(100).then(() => 'answer');
    const leaving = new AbortController();
    const left = awaitUnlessAborted(shared, leaving.signal);
    const staying = awaitUnlessAborted(shared, new AbortController().signal);
    await clock.advance(50);
    leaving.abort(new Error('client went away'));
    await expect(left).rejects.toThrow('client went away');
    await clock.advance(50);
    expect(await staying).toBe('answer');
    expect(await awaitUnlessAborted(shared, undefined)).toBe('answer');
  });
});
