/**
 * Deezer's quota answer (code 4) is classified, not looped on: its client's `read` says "hold
 * off" and the kit's one retry policy pauses the budget and asks again, inside the one call the
 * circuit counts (`core/drivers/kit/policies/retry.ts`, `hold-off.ts`).
 */
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { deezerClient, QUOTA_PAUSE_MS } from '../../../core/drivers/deezer/client.ts';
import { createBudget } from '../../../core/drivers/kit/budget/budget.ts';
import type { Circuit } from '../../../core/drivers/kit/circuit.ts';
import { createDriverContext } from '../../../core/drivers/kit/context.ts';
import { breaker } from '../../../core/storage/breaker.ts';
import { memoryCounters } from '../../../core/storage/counters.ts';
import { fakeClock } from '../../helpers/clock.ts';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const quota = () => json({ error: { type: 'Exception', message: 'Quota limit exceeded', code: 4 } });

describe("Deezer's quota answer", () => {
  it('is asked again within one call: the circuit counts it once, the budget paused for each quota answer', async () => {
    const clock = fakeClock();
    const replies = [quota(), quota(), json({ id: 1 })];
    let sent = 0;
    const ctx = createDriverContext({
      storage: createStorage(),
      breaker: breaker({ clock, onOutage() {} }),
      clock,
      log: { info() {}, error() {} },
      fetch: async () => replies[sent++]!,
    });
    const budget = createBudget({ name: 'deezer-quota', counters: memoryCounters(), limit: 50, windowMs: 5000, clock });
    const pauses: number[] = [];
    const paused = { ...budget, pause: (ms: number) => (pauses.push(ms), budget.pause(ms)) };
    let runs = 0;
    const circuit = ctx.circuit('deezer');
    const counted: Circuit = {
      ...circuit,
      run: (call) => (runs++, circuit.run(call)),
    };
    const api = deezerClient(
      { ...ctx, upstream: (spec) => ({ ...ctx.upstream(spec), circuit: counted }) },
      'http://deezer.test',
      paused,
    );
    expect(await clock.runOut(api.get('/track/1', {}, undefined, (body) => body))).toEqual({ id: 1 });
    expect({ sent, runs, pauses }).toEqual({ sent: 3, runs: 1, pauses: [QUOTA_PAUSE_MS, QUOTA_PAUSE_MS] });
  });
});
