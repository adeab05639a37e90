/** The per-upstream circuit breaker (core/drivers/kit/circuit.ts): it opens on a failure rate, on a fake clock. */
import { describe, expect, it } from 'vitest';
import { SleeveError, upstreamError } from '../../../core/errors.ts';
import {
  createCircuit,
  FAILURE_RATE,
  MIN_CALLS,
  WINDOW_MS,
  type CircuitOptions,
} from '../../../core/drivers/kit/circuit.ts';
import { BudgetRefusal, NotAsked } from '../../../core/drivers/kit/refusals.ts';

function setup(options: Partial<CircuitOptions> = { minCalls: 4, cooldownMs: 1000 }) {
  const clock = { now: 0 };
  const changes: string[] = [];
  const circuit = createCircuit({
    name: 'test',
    now: () => clock.now,
    onChange: (s) => void changes.push(s),
    ...options,
  });
  let calls = 0;
  const fail = () =>
    circuit.run(async () => {
      calls++;
      throw upstreamError('test', 'answered HTTP 500');
    });
  const succeed = () => circuit.run(async () => (calls++, 'ok'));
  return { clock, changes, circuit, fail, succeed, calls: () => calls };
}

describe('circuit breaker', () => {
  it('opens once enough calls in the window mostly failed; then refuses at once with Retry-After, without calling', async () => {
    const { circuit, fail, succeed, calls, changes } = setup();
    await succeed();
    for (let i = 0; i < 2; i++) await expect(fail()).rejects.toThrow('HTTP 500');
    // Three calls: fewer than the four a rate needs, however many failed.
    expect(circuit.state).toBe('closed');
    await expect(fail()).rejects.toThrow('HTTP 500');
    expect(circuit.state).toBe('open');
    const refused = await fail().catch((e: unknown) => e as SleeveError);
    expect(refused).toBeInstanceOf(SleeveError);
    expect(refused.code).toBe('upstream_error');
    expect(refused.headers['Retry-After']).toBe('1');
    expect(calls()).toBe(4);
    expect(changes).toEqual(['open']);
  });

  it('failures under the rate, or older than the window, do not open it', async () => {
    const { clock, circuit, fail, succeed } = setup();
    await fail().catch(() => {});
    for (let i = 0; i < 3; i++) await succeed();
    await fail().catch(() => {});
    // Two failures of six calls: a third.
    await succeed();
    expect(circuit.state).toBe('closed');
    clock.now = WINDOW_MS + 1000;
    // The window now holds only what follows: three failures of four calls would open it, two do not.
    await fail().catch(() => {});
    await fail().catch(() => {});
    await succeed();
    await succeed();
    await succeed();
    expect(circuit.state).toBe('closed');
  });

  it(`with the defaults (${FAILURE_RATE * 100}% of ${MIN_CALLS} calls in ${WINDOW_MS / 1000} s): an upstream failing one call in ten stays closed; a dead one opens at its tenth failure`, async () => {
    const flaky = setup({});
    // 8 calls a second (Deezer's budget) for ten minutes; every tenth fails, and bursts of three in a row.
    for (let i = 0; i < 4800; i++) {
      flaky.clock.now = i * 125;
      if (i % 10 === 0 || i % 1000 < 3) await flaky.fail().catch(() => {});
      else await flaky.succeed();
    }
    expect(flaky.circuit.state).toBe('closed');
    expect(flaky.changes).toEqual([]);
    const dead = setup({});
    for (let i = 0; i < 9; i++) {
      dead.clock.now = i * 125;
      await dead.fail().catch(() => {});
    }
    expect(dead.circuit.state).toBe('closed');
    await dead.fail().catch(() => {});
    expect(dead.circuit.state).toBe('open');
    expect(dead.clock.now).toBeLessThan(2000);
  });

  it('after the cool-down one trial goes through: success closes (and forgets the failures), failure opens again', async () => {
    const { clock, circuit, fail, succeed, changes } = setup();
    for (let i = 0; i < 4; i++) await fail().catch(() => {});
    clock.now = 1000;
    expect(circuit.state).toBe('half-open');
    await fail().catch(() => {});
    expect(circuit.state).toBe('open');
    clock.now = 2000;
    expect(await succeed()).toBe('ok');
    expect(circuit.state).toBe('closed');
    expect(changes).toEqual(['open', 'closed']);
    // The failures before it no longer count: one more does not open it.
    await fail().catch(() => {});
    expect(circuit.state).toBe('closed');
  });

  it('not-found, quota and other outcomes are the upstream working: they count as calls that worked', async () => {
    const { circuit, fail } = setup();
    for (let i = 0; i < 5; i++) {
      await circuit
        .run(async () => {
          throw new SleeveError('service_unavailable', 'quota');
        })
        .catch(() => {});
      await circuit.run(async () => null);
    }
    for (let i = 0; i < 4; i++) await fail().catch(() => {});
    // Four failures of fourteen calls.
    expect(circuit.state).toBe('closed');
  });

  it('a call the upstream never heard counts for nothing: a dead upstream busy with refused calls still opens', async () => {
    const failures: string[] = [];
    const { circuit, fail } = setup({ minCalls: MIN_CALLS, onFailure: (error) => void failures.push(error.message) });
    const unheard = (error: unknown) => error instanceof BudgetRefusal || error instanceof NotAsked;
    // A 504 its caller hears, but no failure of the upstream's: not told as one either.
    await circuit
      .run(async () => {
        throw new NotAsked('upstream_timeout', 'not asked');
      }, unheard)
      .catch(() => {});
    expect(failures).toEqual([]);
    const refused = () =>
      circuit
        .run(async () => {
          throw new BudgetRefusal('late', 'no turn in time');
        }, unheard)
        .catch(() => {});
    // As when a dead upstream's callers mostly wait in vain for a turn: four refused for each failure.
    for (let i = 0; i < MIN_CALLS - 1; i++) {
      for (let r = 0; r < 4; r++) await refused();
      await fail().catch(() => {});
    }
    expect(circuit.state).toBe('closed');
    await fail().catch(() => {});
    expect(circuit.state).toBe('open');
    expect(failures).toHaveLength(MIN_CALLS);
  });

  it('while a trial is out, other calls are refused rather than piling onto a struggling upstream', async () => {
    const { clock, circuit, fail } = setup();
    for (let i = 0; i < 4; i++) await fail().catch(() => {});
    clock.now = 1000;
    let release: () => void = () => {};
    const trial = circuit.run(() => new Promise<string>((resolve) => (release = () => resolve('ok'))));
    await expect(circuit.run(async () => 'second')).rejects.toThrow('is failing');
    release();
    expect(await trial).toBe('ok');
    expect(await circuit.run(async () => 'after')).toBe('after');
  });
});
