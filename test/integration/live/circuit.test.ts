/**
 * An upstream outage in live mode: once most of its calls fail the circuit opens and callers get
 * their 502 at once (or a STALE answer where one is cached) instead of waiting on a dead
 * upstream; /healthz names the failing upstream; it closes once the upstream answers again.
 */
import { describe, expect, it } from 'vitest';
import { MIN_CALLS } from '../../../core/drivers/kit/circuit.ts';
import { call } from '../../helpers/routes/client.ts';
import { disposeSleeves, liveSleeve } from '../../helpers/live/live.ts';
import { replayOnLoopback } from '../../helpers/replay.ts';

const replay = replayOnLoopback({}, disposeSleeves);

describe('an upstream outage', () => {
  it('opens the circuit: later calls fail at once with Retry-After, cached answers go STALE, /healthz names Deezer', async () => {
    // The Sleeve's one clock (the budget's too, issue #52) runs with real time, moved ahead at will.
    const clock = { ahead: 0 };
    const sleeve = liveSleeve(replay, { now: () => Date.now() + clock.ahead });
    // Warm one answer, then let it expire (15 min for /search/all).
    expect((await call('/search/all?query=daft%20punk', { sleeve })).status).toBe(200);
    clock.ahead += 16 * 60 * 1000;

    replay.fault('deezer', 'http500');
    // Each call tried three times (kit/call/call.ts); the circuit counts calls, and opens at the tenth failed one.
    for (let i = 0; i < MIN_CALLS; i++)
      expect((await call(`/search/artist?query=outage${i}`, { sleeve })).status).toBe(502);
    replay.reset();
    // Refused without asking Deezer at all (no call below), so without waiting on it.
    const refused = await call('/search/artist?query=outage-after', { sleeve });
    expect(refused.status).toBe(502);
    expect(refused.body.error.message).toMatch(/deezer.*is failing/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(replay.calls.filter((c) => c.upstream === 'deezer')).toEqual([]);

    const stale = await call('/search/all?query=daft%20punk', { sleeve });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE');

    const health = await call('/healthz', { sleeve });
    expect(health.body.checks.find((c: { name: string }) => c.name === 'upstream-music-api')).toMatchObject({
      ok: false,
    });
    expect(health.body.checks.find((c: { name: string }) => c.name === 'upstream-audio-features')).toMatchObject({
      ok: true,
    });
    replay.fault('deezer', null);
  });
});
