/** The per-upstream circuit breaker (core/sources/kit/circuit.ts). */
import { describe, expect, it } from 'vitest';
import { SleeveError, upstreamError } from '../../core/errors.ts';
import { createCircuit } from '../../core/sources/kit/circuit.ts';

function setup() {
  const clock = { now: 0 };
  const changes: string[] = [];
  const circuit = createCircuit({ name: 'test', failuresToOpen: 3, cooldownMs: 1000, now: () => clock.now, onChange: (s) => void changes.push(s) });
  let calls = 0;
  const fail = () => circuit.run(async () => { calls++; throw upstreamError('test', 'answered HTTP 500'); });
  const succeed = () => circuit.run(async () => (calls++, 'ok'));
  return { clock, changes, circuit, fail, succeed, calls: () => calls };
}

describe('circuit breaker', () => {
  it('opens after a run of failures; then refuses at once with Retry-After, without calling', async () => {
    const { circuit, fail, calls, changes } = setup();
    for (let i = 0; i < 3; i++) await expect(fail()).rejects.toThrow('HTTP 500');
    expect(circuit.state).toBe('open');
    const refused = await fail().catch((e: unknown) => e as SleeveError);
    expect(refused).toBeInstanceOf(SleeveError);
    expect(refused.code).toBe('upstream_error');
    expect(refused.headers['Retry-After']).toBe('1');
    expect(calls()).toBe(3);
    expect(changes).toEqual(['open']);
  });

  it('a success in between resets the count: only consecutive failures open it', async () => {
    const { circuit, fail, succeed } = setup();
    await fail().catch(() => {});
    await fail().catch(() => {});
    await succeed();
    await fail().catch(() => {});
    expect(circuit.state).toBe('closed');
  });

  it('after the cool-down one trial goes through: success closes, failure opens again', async () => {
    const { clock, circuit, fail, succeed, changes } = setup();
    for (let i = 0; i < 3; i++) await fail().catch(() => {});
    clock.now = 1000;
    expect(circuit.state).toBe('half-open');
    await fail().catch(() => {});
    expect(circuit.state).toBe('open');
    clock.now = 2000;
    expect(await succeed()).toBe('ok');
    expect(circuit.state).toBe('closed');
    expect(changes).toEqual(['open', 'closed']);
  });

  it('not-found, quota and other outcomes are the upstream working: they never count', async () => {
    const { circuit } = setup();
    for (let i = 0; i < 5; i++) {
      await circuit.run(async () => { throw new SleeveError('service_unavailable', 'quota'); }).catch(() => {});
      await circuit.run(async () => null);
    }
    expect(circuit.state).toBe('closed');
  });

  it('while a trial is out, other calls are refused rather than piling onto a struggling upstream', async () => {
    const { clock, circuit, fail } = setup();
    for (let i = 0; i < 3; i++) await fail().catch(() => {});
    clock.now = 1000;
    let release: () => void = () => {};
    const trial = circuit.run(() => new Promise<string>((resolve) => (release = () => resolve('ok'))));
    await expect(circuit.run(async () => 'second')).rejects.toThrow('is failing');
    release();
    expect(await trial).toBe('ok');
    expect(await circuit.run(async () => 'after')).toBe('after');
  });
});
