/**
 * The soak (issue 10 "The suite"): distinct queries against the real server process, rate
 * limits off, the server's RSS sampled from `/proc` along the way and the curve printed. Every
 * query is new, so every one adds a cache entry: the memory store is bounded (`core/storage/
 * from-spec.ts`: 100,000 entries or 64 MiB) and so are the frame's memos, and RSS must level off.
 *
 * Full scale sends 500,000 queries, not the 200,000: the bounded stores fill up over
 * about the first 200,000 (measured: on Node the heap left after each major collection rose
 * 255 → 356 → 442 MB up to 190,000 queries, then stayed at 455-475 MB up to 500,000), so a
 * curve cut at 200,000 is still climbing and its verdict depended on where the collector was
 * (two runs of the same code: one passed, one failed). Past the fill, the verdict is stable.
 *
 * "Levels off": the curve's floor, the suffix minimum (the lowest RSS from each sample on, so
 * a peak the collector later gives back does not count), may rise from the start of the last
 * third of the samples to the start of their last tenth by at most max(16 MiB, 25 % of its rise
 * up to there). Unbounded growth keeps the floor
 * rising at the same rate in every third (a leak of 1 KB a query adds 160 MB per third); a
 * levelled curve's floor stops. The short run (3,000 queries) stays far below the bounds, so it
 * checks only that the whole growth stays under 128 MiB (the 64 MiB store and as much again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEADLINE_MS, N, RUNTIMES, SCALE, SEED, UA } from './_config.ts';
import { printTable, record, recorded, Tally } from './_figures.ts';
import { Failures, pool, sleep } from './_pool.ts';
import { mb, MiB, startServer, type Server } from './_server.ts';

afterAll(() => printTable(recorded(), `soak figures (${SCALE})`));

const CONCURRENCY = 16;

/** The i-th distinct query: mostly `/search/all`, some other cached endpoints, all unique. */
function query(i: number): string {
  const word = `soak${SEED.toString(36)}x${i.toString(36)}`;
  switch (i % 10) {
    case 7:
      return `/search/artist?query=${word}`;
    case 8:
      return `/track/info?artist=${word}&title=${word}b`;
    case 9:
      return `/search/albums?query=${word}&limit=${1 + (i % 50)}`;
    default:
      return `/search/all?query=${word}`;
  }
}

describe.each(RUNTIMES)('soak on %s', (runtime) => {
  let server: Server;
  const tally = new Tally();

  beforeAll(async () => {
    server = await startServer(runtime, { SLEEVE_RATE_LIMITS: 'off' });
    // Warm up (the catalogue's indexes, the JIT), then the baseline.
    for (let i = 0; i < 200; i++)
      await fetch(`${server.url}/search/all?query=warm${i % 5}`, { headers: { 'User-Agent': UA } }).then((r) =>
        r.arrayBuffer(),
      );
    await sleep(500);
    tally.rss(server.rss());
  }, 60_000);

  afterAll(async () => {
    record(tally.figures(runtime, 'soak'));
    await server.stop();
  });

  it(
    `${N.soakQueries} distinct queries: no failure, and RSS ${SCALE === 'full' ? 'levels off' : 'stays bounded'}`,
    async () => {
      const before = server.rss();
      const every = Math.max(1, Math.floor(N.soakQueries / N.soakSamples));
      const curve: { requests: number; rss: number }[] = [{ requests: 0, rss: before }];
      const failures = new Failures(runtime);
      let done = 0;
      await pool(N.soakQueries, CONCURRENCY, async (i) => {
        const path = query(i);
        const started = performance.now();
        let status: number | string;
        try {
          const response = await fetch(`${server.url}${path}`, {
            headers: { 'User-Agent': UA },
            signal: AbortSignal.timeout(DEADLINE_MS),
          });
          await response.arrayBuffer();
          status = response.status;
        } catch (error) {
          status = (error as Error).name === 'TimeoutError' ? 'hang' : 'error';
        }
        const ms = performance.now() - started;
        tally.count(status, ms);
        if (status !== 200) failures.add(String(status), `GET ${path} → ${status}`);
        if (++done % every === 0) {
          const rss = server.rss();
          tally.rss(rss);
          curve.push({ requests: done, rss });
        }
      });
      await sleep(1_000);
      const after = server.rss();
      tally.rss(after);

      // The curve, printed.
      const top = Math.max(...curve.map((p) => p.rss));
      console.log(
        [`${runtime}: RSS over ${N.soakQueries} distinct queries (before ${mb(before)}, after ${mb(after)})`]
          .concat(
            curve.map(
              (p) =>
                `${String(p.requests).padStart(8)}  ${mb(p.rss).padStart(9)}  ${'#'.repeat(Math.round((40 * p.rss) / top))}`,
            ),
          )
          .join('\n'),
      );

      const report = failures.report(`${runtime}: soak`);
      expect(failures.counts(), report).toEqual({});
      const samples = curve.slice(1).map((p) => p.rss);
      const third = Math.floor(samples.length / 3);
      if (SCALE === 'full' && third >= 3) {
        const floor = samples.map((_, i) => Math.min(...samples.slice(i)));
        const from = floor[2 * third]!;
        // The floor at the start of the last tenth: the very last sample has no later one to be given back in.
        const rise = floor[Math.max(2 * third, samples.length - Math.max(1, Math.floor(samples.length / 10)))]! - from;
        const allowed = Math.max(16 * MiB, 0.25 * (from - before));
        expect(
          rise,
          `the RSS floor rose ${mb(rise)} over the last third (from ${mb(from)}), allowed ${mb(allowed)}`,
        ).toBeLessThanOrEqual(allowed);
      } else {
        expect(
          Math.max(...samples) - before,
          `RSS grew from ${mb(before)} to a peak of ${mb(Math.max(...samples))}`,
        ).toBeLessThanOrEqual(128 * MiB);
      }
    },
    SCALE === 'full' ? 30 * 60_000 : 120_000,
  );
});
