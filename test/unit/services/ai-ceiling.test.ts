/**
 * D56: the instance's ceiling on model calls, on a clock the test moves. The hour's calls are
 * let through up to the ceiling, the next is a 503 whose `Retry-After` is the hour's remaining
 * seconds, and the next hour frees them again. A shared store that fails does not lift it:
 * the process's own count decides, and after the outage the larger count still does; nor does
 * a flood of client keys that starts the shared in-process counters afresh.
 */
import { describe, expect, it } from 'vitest';
import { SleeveError } from '../../../core/errors.ts';
import { breaker, type Breaker } from '../../../core/storage/breaker.ts';
import { systemClock } from '../../../core/drivers/kit/clock.ts';
import { MEMORY_COUNTERS_CAP, memoryCounters, type CounterStore } from '../../../core/storage/counters.ts';
import { ceiledModel, modelCeiling } from '../../../core/services/ai/ceiling.ts';
import type { ChatModel } from '../../../core/drivers/contracts/chat.ts';

// Ten minutes into an hour: fifty minutes are left of it.
const START = Date.UTC(2026, 0, 1, 12, 10);

/** A model that counts its calls. */
function countingModel(): ChatModel & { calls: number } {
  const model = {
    name: 'ai',
    model: 'm',
    calls: 0,
    complete: async () => {
      model.calls++;
      return { text: 'ok', model: 'm' };
    },
  };
  return model;
}

/** What a call threw: its code, its message and its `Retry-After`, or `ok`. */
async function outcome(
  run: () => Promise<unknown>,
): Promise<string | { code: string; retry?: string; message: string }> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    if (!(error instanceof SleeveError)) throw error;
    return { code: error.code, retry: error.headers['Retry-After'], message: error.message };
  }
}

const quiet = () => breaker({ clock: systemClock, onOutage: () => {} });

describe('modelCeiling', () => {
  it('lets the hour have its calls, refuses the next with 503 and the seconds left, and frees them the next hour', async () => {
    const clock = { now: START };
    const spent: number[] = [];
    const model = countingModel();
    const ceiled = ceiledModel(
      model,
      modelCeiling({
        perHour: 3,
        store: memoryCounters(),
        breaker: quiet(),
        now: () => clock.now,
        onSpent: (_, resetAt) => spent.push(resetAt),
      }),
    );
    for (let i = 0; i < 3; i++) expect(await outcome(() => ceiled.complete([]))).toBe('ok');
    const refused = await outcome(() => ceiled.complete([]));
    expect(refused).toEqual({
      code: 'service_unavailable',
      retry: String(50 * 60),
      message: expect.stringContaining(
        "This instance's AI budget for the hour is spent: at most 3 model calls per hour",
      ),
    });
    expect(model.calls).toBe(3);
    // Forty minutes on, still the same hour: refused, with ten minutes to wait; the log was told once.
    clock.now += 40 * 60_000;
    expect(await outcome(() => ceiled.complete([]))).toMatchObject({ retry: String(10 * 60) });
    expect(spent).toEqual([Date.UTC(2026, 0, 1, 13)]);
    // The next hour frees three calls again.
    clock.now += 10 * 60_000;
    for (let i = 0; i < 3; i++) expect(await outcome(() => ceiled.complete([]))).toBe('ok');
    expect(await outcome(() => ceiled.complete([]))).toMatchObject({ code: 'service_unavailable' });
    expect(model.calls).toBe(6);
    expect(spent).toHaveLength(2);
  });

  it('is shared through a shared store: two instances on one store have one hour between them', async () => {
    const shared = memoryCounters();
    const one = countingModel();
    const other = countingModel();
    const ceiling = () => modelCeiling({ perHour: 4, store: shared, breaker: quiet(), now: () => START });
    const a = ceiledModel(one, ceiling());
    const b = ceiledModel(other, ceiling());
    for (let i = 0; i < 2; i++) {
      expect(await outcome(() => a.complete([]))).toBe('ok');
      expect(await outcome(() => b.complete([]))).toBe('ok');
    }
    expect(await outcome(() => a.complete([]))).toMatchObject({ code: 'service_unavailable' });
    expect(await outcome(() => b.complete([]))).toMatchObject({ code: 'service_unavailable' });
    expect(one.calls + other.calls).toBe(4);
  });

  it('holds when the shared store fails: the process counts on its own, and after the outage the larger count decides', async () => {
    let down = false;
    const behind = memoryCounters();
    // A store that is not in process (as Redis is), and fails while `down`.
    const flaky: CounterStore = {
      hit: async (key, now, windowMs) => {
        if (down) throw new Error('connection refused');
        return behind.hit(key, now, windowMs);
      },
    };
    // A breaker that asks the store every time (the real one skips it for a cool-down of real time).
    const asks: Breaker = {
      open: false,
      run: (work, fallback) => Promise.resolve(work()).catch(() => fallback),
    };
    const ceiling = () => modelCeiling({ perHour: 5, store: flaky, breaker: asks, now: () => START });
    const model = countingModel();
    const ceiled = ceiledModel(model, ceiling());
    expect(await outcome(() => ceiled.complete([]))).toBe('ok');
    down = true;
    for (let i = 0; i < 4; i++) expect(await outcome(() => ceiled.complete([]))).toBe('ok');
    expect(await outcome(() => ceiled.complete([]))).toMatchObject({ code: 'service_unavailable', retry: '3000' });
    expect(model.calls).toBe(5);
    // Back: the store has two calls of this hour, this process seven tries: seven is over five.
    down = false;
    expect(await outcome(() => ceiled.complete([]))).toMatchObject({ code: 'service_unavailable' });
    // Another instance on the store sees the store's count (three), under five.
    const other = countingModel();
    expect(await outcome(() => ceiledModel(other, ceiling()).complete([]))).toBe('ok');
    expect(model.calls + other.calls).toBe(6);
  });

  it('is not started afresh by a flood of client keys in the shared in-process counters', async () => {
    // The per-client budgets count in the same hourly Map, which starts afresh past its cap of keys.
    const shared = memoryCounters();
    const model = countingModel();
    const ceiled = ceiledModel(model, modelCeiling({ perHour: 2, store: shared, breaker: quiet(), now: () => START }));
    for (let i = 0; i < 2; i++) expect(await outcome(() => ceiled.complete([]))).toBe('ok');
    for (let i = 0; i <= MEMORY_COUNTERS_CAP; i++) shared.hit(`generations:ai|client-${i}`, START, 3_600_000);
    expect(await outcome(() => ceiled.complete([]))).toMatchObject({ code: 'service_unavailable' });
    expect(model.calls).toBe(2);
  });

  it('never counts a call the wrapper is not asked for, and counts a call the model then fails', async () => {
    const failing: ChatModel = {
      name: 'ai',
      model: 'm',
      complete: async () => {
        throw new SleeveError('upstream_error', 'the model answered HTTP 500');
      },
    };
    const ceiled = ceiledModel(
      failing,
      modelCeiling({ perHour: 1, store: memoryCounters(), breaker: quiet(), now: () => START }),
    );
    expect(await outcome(() => ceiled.complete([]))).toMatchObject({ code: 'upstream_error' });
    // The failed call reached the model (it may be billed): the hour's one call is spent.
    expect(await outcome(() => ceiled.complete([]))).toMatchObject({ code: 'service_unavailable' });
  });
});
