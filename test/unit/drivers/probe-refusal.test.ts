/**
 * D55, at the drivers: a health probe whose budget has no turn for it within its bound is
 * refused, and the refusal reaches the caller as a `BudgetRefusal`, not as "unreachable"
 * (`{ ok: false, status: 0 }`), so `/healthz` can tell the two apart. No upstream is asked.
 */
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import deezer from '../../../core/drivers/deezer/index.ts';
import reccobeats from '../../../core/drivers/reccobeats/index.ts';
import { DEEZER_BUDGET } from '../../../core/drivers/deezer/client.ts';
import { RECCOBEATS_BUDGET } from '../../../core/drivers/reccobeats/client.ts';
import { createDriverContext, type DriverContext } from '../../../core/drivers/kit/context.ts';
import { BudgetRefusal } from '../../../core/drivers/kit/refusals.ts';
import { unboundScope } from '../../../core/drivers/kit/scope.ts';
import { clockOf, systemClock } from '../../../core/drivers/kit/clock.ts';
import type { BudgetSpec } from '../../../core/drivers/kit/context.ts';
import type { Probed } from '../../../core/drivers/contracts/driver.ts';
import { breaker } from '../../../core/storage/breaker.ts';
import { PROBE_TURN_MS } from '../../../core/services/health-probes.ts';

/** A context whose fetch counts what reaches the "upstream" (nothing should). */
function context() {
  const asked = { calls: 0 };
  const ctx = createDriverContext({
    storage: createStorage(),
    breaker: breaker({ clock: systemClock, onOutage() {} }),
    clock: clockOf(Date.now),
    log: { info() {}, error() {} },
    fetch: async () => (asked.calls++, new Response('{}', { headers: { 'content-type': 'application/json' } })),
    budgetScope: 'instance',
  });
  return { ctx, asked };
}

/**
 * Calls with no client (the probe's own lane and share) waiting on `spec`'s budget: about 2 s of
 * turns, past the probe's 1-s bound but within the 3 s any call may wait. Aborted by `stop`.
 */
function busy(ctx: DriverContext, spec: BudgetSpec, waiting: number): () => void {
  const budget = ctx.budget(spec);
  const stop = new AbortController();
  for (let i = 0; i < waiting; i++) budget.take(unboundScope(stop.signal)).catch(() => {});
  return () => stop.abort();
}

const drivers: [string, BudgetSpec, number, (ctx: DriverContext) => Probed][] = [
  // 4 turns a 500-ms slot, 2 for ReccoBeats (`slot-pace.ts`).
  ['deezer', DEEZER_BUDGET, 16, (ctx) => deezer({ baseUrl: 'http://deezer.test' }, ctx)],
  ['reccobeats', RECCOBEATS_BUDGET, 8, (ctx) => reccobeats({ baseUrl: 'http://reccobeats.test' }, ctx)],
];

describe('a health probe refused its budget turn (D55)', () => {
  it.each(drivers)(
    '%s: throws the BudgetRefusal at once, asks nothing upstream',
    async (_name, spec, waiting, make) => {
      const { ctx, asked } = context();
      const driver = make(ctx);
      const stop = busy(ctx, spec, waiting);
      try {
        const before = asked.calls;
        const scope = unboundScope(new AbortController().signal, Date.now() + PROBE_TURN_MS);
        await expect(driver.probe({ scope })).rejects.toBeInstanceOf(BudgetRefusal);
        expect(asked.calls - before).toBe(0);
      } finally {
        stop();
      }
    },
  );
});
