/**
 * D55: `/healthz`'s upstream probes shared by every caller, on a clock the test moves. Callers
 * within the interval share one probe (in flight, then its result); after it, a new one runs; a
 * real call that succeeded within it stands in; a probe the budget gave no turn to never reads
 * as the upstream unreachable.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_TIMEOUT_MS, PROBE_TURN_MS, sharedProbes } from '../../../core/services/health-probes.ts';
import { BudgetRefusal } from '../../../core/drivers/kit/refusals.ts';
import type { Probed, ProbeResult } from '../../../core/drivers/contracts/driver.ts';
import type { RequestScope } from '../../../core/drivers/kit/scope.ts';
import { fakeClock } from '../../helpers/clock.ts';

const INTERVAL = 2000;

/** A driver whose probe answers as `next` says, counting its probes and keeping the scopes they were given. */
function driver(next: () => Promise<ProbeResult>, answeredAt?: () => number) {
  const scopes: (RequestScope | undefined)[] = [];
  const probed: Probed = {
    name: 'fake',
    probe: (o) => {
      scopes.push(o?.scope);
      return next();
    },
    ...(answeredAt ? { answeredAt } : {}),
  };
  return { probed, scopes };
}

const refused = () => Promise.reject(new BudgetRefusal('late', '[sleeve] [fake] upstream call budget exhausted'));

describe('shared upstream probes (D55)', () => {
  it('callers within the interval share one probe, in flight and after; past it a new one runs', async () => {
    const clock = fakeClock();
    const probes = sharedProbes({ clock, intervalMs: INTERVAL });
    let answer: (result: ProbeResult) => void = () => {};
    const { probed, scopes } = driver(() => new Promise<ProbeResult>((resolve) => (answer = resolve)));

    const waiting = Array.from({ length: 25 }, () => probes.check('upstream-music-api', probed));
    expect(scopes).toHaveLength(1);
    answer({ ok: true, status: 200 });
    for (const outcome of await Promise.all(waiting)) expect(outcome).toMatchObject({ ok: true, status: 200 });

    await clock.advance(INTERVAL - 1);
    await probes.check('upstream-music-api', probed);
    expect(scopes).toHaveLength(1);

    await clock.advance(1);
    const again = probes.check('upstream-music-api', probed);
    expect(scopes).toHaveLength(2);
    answer({ ok: false, status: 502 });
    expect(await again).toMatchObject({ ok: false, status: 502 });
  });

  it('keeps each check apart: two upstreams, one probe each', async () => {
    const clock = fakeClock();
    const probes = sharedProbes({ clock, intervalMs: INTERVAL });
    const music = driver(async () => ({ ok: true, status: 200 }));
    const features = driver(async () => ({ ok: true, status: 200 }));
    for (let i = 0; i < 10; i++)
      await Promise.all([
        probes.check('upstream-music-api', music.probed),
        probes.check('upstream-audio-features', features.probed),
      ]);
    expect([music.scopes.length, features.scopes.length]).toEqual([1, 1]);
  });

  it('gives the probe no client and a bound for its budget turn well before the check is cut off', async () => {
    const clock = fakeClock();
    const { probed, scopes } = driver(async () => ({ ok: true, status: 200 }));
    await sharedProbes({ clock, intervalMs: INTERVAL }).check('upstream-music-api', probed);
    expect(scopes[0]?.client).toBeUndefined();
    expect(scopes[0]?.turnsBy).toBe(clock.now() + PROBE_TURN_MS);
    expect(PROBE_TURN_MS).toBeLessThan(CHECK_TIMEOUT_MS);
  });

  it('a real call that succeeded within the interval stands in for a probe; an older one does not', async () => {
    const clock = fakeClock();
    const probes = sharedProbes({ clock, intervalMs: INTERVAL });
    let answeredAt = clock.now() - 500;
    const { probed, scopes } = driver(
      async () => ({ ok: true, status: 200 }),
      () => answeredAt,
    );
    expect(await probes.check('upstream-music-api', probed)).toEqual({ ok: true, status: 200, latencyMs: 0 });
    expect(scopes).toHaveLength(0);
    answeredAt = clock.now() - INTERVAL;
    await probes.check('upstream-music-api', probed);
    expect(scopes).toHaveLength(1);
  });

  it('a budget refusal with nothing known reads as answering, no status seen (not unreachable)', async () => {
    const clock = fakeClock();
    const { probed } = driver(refused);
    const outcome = await sharedProbes({ clock, intervalMs: INTERVAL }).check('upstream-music-api', probed);
    expect(outcome).toMatchObject({ ok: true, status: 0 });
  });

  it('a budget refusal repeats the last probe, failing or not, unless a real call succeeded since', async () => {
    const clock = fakeClock();
    const probes = sharedProbes({ clock, intervalMs: INTERVAL });
    let next: () => Promise<ProbeResult> = async () => ({ ok: false, status: 502 });
    let answeredAt = 0;
    const { probed } = driver(
      () => next(),
      () => answeredAt,
    );
    expect(await probes.check('upstream-music-api', probed)).toMatchObject({ ok: false, status: 502 });
    await clock.advance(INTERVAL);
    next = refused;
    // Refused: still what was known, the upstream failing.
    expect(await probes.check('upstream-music-api', probed)).toMatchObject({ ok: false, status: 502 });
    const refusedAt = clock.now();
    await clock.advance(INTERVAL + 1000);
    // A real call succeeded since that probe (longer ago than the interval, so it does not stand in).
    answeredAt = refusedAt + 500;
    expect(await probes.check('upstream-music-api', probed)).toMatchObject({ ok: true, status: 200 });
  });

  it('any other failure is unreachable, status 0', async () => {
    const clock = fakeClock();
    const { probed } = driver(() => Promise.reject(new Error('connection refused')));
    const outcome = await sharedProbes({ clock, intervalMs: INTERVAL }).check('upstream-music-api', probed);
    expect(outcome).toMatchObject({ ok: false, status: 0 });
  });

  it("cuts a hung probe off at the check's time on the injected clock, and shares that too", async () => {
    const clock = fakeClock();
    const probes = sharedProbes({ clock, intervalMs: INTERVAL });
    const { probed, scopes } = driver(() => new Promise<ProbeResult>(() => {}));
    let outcome: unknown;
    void probes.check('upstream-music-api', probed).then((o) => (outcome = o));
    await clock.advance(CHECK_TIMEOUT_MS - 1);
    expect(outcome).toBeUndefined();
    void probes.check('upstream-music-api', probed);
    await clock.advance(1);
    expect(outcome).toEqual({ ok: false, status: 0, latencyMs: CHECK_TIMEOUT_MS });
    expect(scopes[0]?.signal.aborted).toBe(true);
    expect(scopes).toHaveLength(1);
  });

  it('with an interval of 0 only a probe in flight is shared', async () => {
    const clock = fakeClock();
    const probes = sharedProbes({ clock, intervalMs: 0 });
    const { probed, scopes } = driver(async () => ({ ok: true, status: 200 }));
    await Promise.all([probes.check('upstream-music-api', probed), probes.check('upstream-music-api', probed)]);
    await probes.check('upstream-music-api', probed);
    expect(scopes).toHaveLength(2);
  });
});
