/**
 * D55, live mode over the replay: a flood of `/healthz` (25 a second, as a load balancer and
 * two Kubernetes probes on it at a fast period would make, and more) neither moves the
 * orchestrator's probes nor spends the upstreams' budget. Before, each `/healthz` probed Deezer
 * and ReccoBeats under one shared client of the budget, capped like any client: past the cap the
 * probes were refused, read as unreachable, and `/healthz` answered 503 while the API was healthy.
 * Now `/livez` and `/readyz` ask no upstream and stay 200 throughout, `/healthz` stays 200, and
 * the replay sees at most one probe per interval per upstream.
 *
 * Real time is the point here (a flood over seconds, against the real budget and the replay's
 * socket): the bounds are counts, and the count's bound grows with the time the flood took.
 */
import { describe, expect, it } from 'vitest';
import type { Sleeve } from '../../../core/index.ts';
import { liveSleeve, replayForFile } from '../../helpers/live/live.ts';

const INTERVAL_MS = 1000;
const FLOOD_MS = 5000;
/** 25 a second, one every 40 ms, each tick also a burst: several probes and scrapers at once. */
const TICK_MS = 40;
const BURST = 3;

const replay = replayForFile();

const status = async (sleeve: Sleeve, path: string, clientIp: string): Promise<number> =>
  (await sleeve.fetch(new Request(`http://sleeve.test${path}`), { clientIp })).status;

describe('live mode: a /healthz flood (D55)', () => {
  it('leaves /livez and /readyz at 200 throughout, /healthz at 200, and the replay one probe per interval per upstream', async () => {
    // Rate limits as deployed: the flood's clients are the ones whose limits would bite.
    const sleeve = liveSleeve(replay(), { healthIntervalMs: INTERVAL_MS, rateLimits: 1 });
    replay().reset();
    const healthz: Promise<number>[] = [];
    const probes: Promise<[string, number]>[] = [];
    const started = Date.now();
    for (let tick = 0; Date.now() - started < FLOOD_MS; tick++) {
      for (let i = 0; i < BURST; i++) healthz.push(status(sleeve, '/healthz', `198.51.100.${i + 1}`));
      // The kubelet's probes, every 200 ms, from the node's address.
      if (tick % 5 === 0)
        for (const path of ['/livez', '/readyz'])
          probes.push(status(sleeve, path, '10.0.0.1').then((s): [string, number] => [path, s]));
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
    const healthzStatuses = await Promise.all(healthz);
    const probeStatuses = await Promise.all(probes);
    const elapsed = Date.now() - started;

    const calls = replay().calls;
    const byUpstream = (name: string) => calls.filter((c) => c.upstream === name).length;
    const [deezer, reccobeats] = [byUpstream('deezer'), byUpstream('reccobeats')];
    console.log(
      `[health-flood] ${healthzStatuses.length} /healthz in ${elapsed} ms, statuses ${[...new Set(healthzStatuses)]}; ` +
        `${probeStatuses.length} /livez and /readyz; upstream calls: deezer ${deezer}, reccobeats ${reccobeats}`,
    );

    expect(probeStatuses.filter(([, s]) => s !== 200)).toEqual([]);
    expect(probeStatuses.length).toBeGreaterThanOrEqual(10);
    expect(new Set(healthzStatuses)).toEqual(new Set([200]));
    // At most one probe per interval per upstream, over the time the flood and its last answers took.
    const bound = Math.floor(elapsed / INTERVAL_MS) + 1;
    expect(deezer).toBeGreaterThan(0);
    expect(deezer).toBeLessThanOrEqual(bound);
    expect(reccobeats).toBeGreaterThan(0);
    expect(reccobeats).toBeLessThanOrEqual(bound);
  });
});
