/**
 * Issue 35's proof of a fair share of the upstream budget: behind a trusted proxy
 * (`SLEEVE_TRUST_PROXY`), one client fires its per-minute allowance of distinct cold requests
 * (60 `/search/all` and 60 `/track/info`, within the spec's rate limits), which asks far more
 * of Deezer than its 50 calls per 5 s; a second client's six cold requests, one after another,
 * are each answered (2xx) ahead of the noisy backlog. On one instance, and on two sharing a real Redis (one
 * budget, one egress IP). The replay runs in quota mode, so going over the budget would show;
 * what the noisy client cannot have is a 503 with Retry-After naming the busy upstream.
 *
 * No wall-clock bound is asserted (a loaded machine would fail it, as one CI run did at 1001 ms
 * on Redis): the issue's 1 s is what the asserted turns come to, and each request's time is
 * printed. A quiet client's call waits for its instance's next turn, a spacing or two of the
 * budget's (125 ms) and on two instances up to a slot (500 ms) when its instance has just had
 * the slot's last turn; each of these requests makes at most three calls one after another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSleeve, type Sleeve } from '../../../core/index.ts';
import { startReplay, type Replay, type ReplayCall } from '../../../replay/server.ts';
import { busiestWindow } from '../../../replay/sliding-window.ts';
import { createDriverContext } from '../../../core/drivers/kit/context.ts';
import { clockOf, systemClock } from '../../../core/drivers/kit/clock.ts';
import type { MusicDriver } from '../../../core/drivers/contracts/music.ts';
import deezer from '../../../core/drivers/deezer/index.ts';
import { breaker } from '../../../core/storage/breaker.ts';
import { createStorage } from 'unstorage';
import { perSlot } from '../../../core/drivers/kit/budget/budget.ts';
import { redisMissing } from '../../helpers/storage/redis.ts';
import { onRedis } from './_on-redis.ts';
import { UA } from '../../helpers/user-agent.ts';

const quiet = { info() {}, error() {} };
const QUOTA = { limit: 50, windowMs: 5000 };
const NOISY = '198.51.100.23';
const QUIET = '203.0.113.7';
const QUIET_PATHS = [
  '/artist/info?id=27',
  '/album/info?id=302127',
  '/track/isrc?isrc=GBDUW0000059',
  '/artist/top-tracks?id=27',
  '/search/artist?query=daft%20punk',
  '/track/hot',
];

interface Outcome {
  path: string;
  status: number;
  retryAfter: string | null;
  message: string | undefined;
  ms: number;
  /** Date.now() when it was sent and when its answer was read, to find the upstream calls made meanwhile. */
  from: number;
  to: number;
}

async function get(sleeve: Sleeve, path: string, client: string): Promise<Outcome> {
  const from = Date.now();
  const started = performance.now();
  const res = await sleeve.fetch(
    new Request(`http://sleeve.test${path}`, {
      headers: { 'user-agent': UA, 'x-forwarded-for': `10.0.0.9, ${client}` },
    }),
  );
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return {
    path,
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    message: body?.error?.message,
    ms: performance.now() - started,
    from,
    to: Date.now(),
  };
}

/** The noisy client's minute: 60 distinct cold `/search/all` and 60 distinct cold `/track/info`. */
function noisyPaths(tag: string): string[] {
  return Array.from({ length: 60 }, (_, i) => [
    `/search/all?query=${tag}${i}qz`,
    `/track/info?artist=${tag}${i}qz&title=song${i}qz`,
  ]).flat();
}

/** Fires the noisy minute at once across `sleeves`, waits until it fills the budget, then the quiet client's six in turn. */
async function contest(
  sleeves: Sleeve[],
  replay: Replay,
): Promise<{ noisy: Outcome[]; quietOnes: Outcome[]; calls: ReplayCall[] }> {
  const noisy = Promise.all(noisyPaths('noise').map((path, i) => get(sleeves[i % sleeves.length]!, path, NOISY)));
  // Until the budget has a backlog: calls have gone out and more are waiting.
  while (replay.calls.length < 8) await new Promise((resolve) => setTimeout(resolve, 20));
  const quietOnes: Outcome[] = [];
  for (const [i, path] of QUIET_PATHS.entries()) quietOnes.push(await get(sleeves[i % sleeves.length]!, path, QUIET));
  const noisyDone = await noisy;
  return { noisy: noisyDone, quietOnes, calls: replay.calls };
}

function expectFair(
  { noisy, quietOnes, calls }: { noisy: Outcome[]; quietOnes: Outcome[]; calls: ReplayCall[] },
  instances: number,
): void {
  const deezer = calls.filter((c) => c.upstream === 'deezer');
  const statuses = (outcomes: Outcome[]) =>
    outcomes.reduce<Record<number, number>>((acc, o) => ((acc[o.status] = (acc[o.status] ?? 0) + 1), acc), {});
  console.log(
    `[budget-fair] noisy ${JSON.stringify(statuses(noisy))}; quiet ${quietOnes.map((o) => `${o.path} ${o.status} ${Math.round(o.ms)} ms`).join(', ')}; ` +
      `${deezer.length} Deezer calls, max ${busiestWindow(
        deezer.map((c) => c.at),
        QUOTA.windowMs,
      )} in any 5 s`,
  );
  // The quiet client: every request answered.
  expect(quietOnes.map((o) => `${o.path} ${o.status}`)).toEqual(QUIET_PATHS.map((p) => `${p} 200`));
  // Served ahead of the noisy backlog: while each quiet request was in, the noisy client's calls
  // that went out were at most one slot's turns (`perSlot`) per call of its own per instance,
  // where an unfair queue would make it wait out a backlog of a hundred calls and more (and be
  // refused). Counted in turns, not milliseconds, so a slow machine cannot fail it: the issue's
  // bound of 1 s is what the turns come to (0.1 to 0.9 s seen), printed in the log line above.
  const during = (o: Outcome) => deezer.filter((c) => c.at >= o.from && c.at <= o.to);
  const isNoisy = (c: ReplayCall) => c.search.includes('noise');
  const turns = quietOnes.map((o) => ({
    path: o.path,
    own: during(o).filter((c) => !isNoisy(c)).length,
    noisy: during(o).filter(isNoisy).length,
  }));
  console.log(
    `[budget-fair] calls during each quiet request: ${turns.map((t) => `${t.path} own ${t.own} noisy ${t.noisy}`).join(', ')}`,
  );
  expect(turns.filter((t) => t.noisy > perSlot(QUOTA.limit, QUOTA.windowMs) * instances * Math.max(1, t.own))).toEqual(
    [],
  );
  // The noisy client saturated the budget: it was refused some, with 503, Retry-After, and the upstream named.
  const refused = noisy.filter((o) => o.status === 503);
  expect(refused.length).toBeGreaterThan(0);
  expect(noisy.filter((o) => o.status >= 500 && o.status !== 503)).toEqual([]);
  for (const o of refused) {
    // D66: a promise (Retry-After) or, past the deferred answers' bounds, none and said so.
    if (o.retryAfter === null) expect(o.message).toMatch(/not promised/);
    else expect(Number(o.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(o.message).toMatch(/^\[sleeve\] \[(deezer|reccobeats)\] /);
  }
  expect(
    refused.filter((o) => o.message?.startsWith('[sleeve] [deezer] upstream call budget exhausted')).length,
  ).toBeGreaterThan(0);
  // And never over the budget.
  expect(calls.filter((c) => c.body === 'quota')).toEqual([]);
  expect(
    busiestWindow(
      deezer.map((c) => c.at),
      QUOTA.windowMs,
    ),
  ).toBeLessThanOrEqual(QUOTA.limit);
}

describe('live mode: one noisy client does not cost a quiet one its answers', () => {
  let replay: Replay;
  let sleeve: Sleeve;
  beforeAll(async () => {
    replay = await startReplay({ quota: QUOTA });
    sleeve = createSleeve({ mode: 'live', ...replay.options, storage: 'memory', trustProxy: true, log: quiet });
  });
  afterAll(async () => {
    await sleeve?.deps.storage.dispose();
    await replay?.close();
  });

  it("the quiet client's six cold requests are each answered ahead of the noisy backlog while the noisy one saturates the budget", async () => {
    expectFair(await contest([sleeve], replay), 1);
  });
});

describe.skipIf(redisMissing !== undefined)('live mode: the same across two instances sharing one Redis', () => {
  const shared = onRedis({ quota: QUOTA });

  it('each instance serves the quiet client first, and the shared budget is never passed', async () => {
    const { replay } = shared;
    const instance = () => shared.instance({ trustProxy: true });
    const sleeves = [instance(), instance()];
    await Promise.all(sleeves.map((s) => get(s, '/healthz', '192.0.2.1')));
    replay.reset();
    expectFair(await contest(sleeves, replay), sleeves.length);
  });
});

describe.skipIf(redisMissing !== undefined)(
  'live mode: SLEEVE_BUDGET_SCOPE=instance gives each instance its own budget, even on one Redis',
  () => {
    // Not in quota mode: instances with a budget each stand for instances with an IP each.
    const shared = onRedis({ quota: false });

    it("each stays within Deezer's 50 calls per 5 s, and together they spend more than one budget", async () => {
      const { replay } = shared;
      const instance = () => shared.instance({ budgetScope: 'instance', rateLimits: 'off' });
      const sleeves = [instance(), instance()];
      await Promise.all(sleeves.map((s) => get(s, '/healthz', '192.0.2.1')));
      replay.reset();
      // Each is asked 40 distinct cold searches a second for 4.5 s: five times its budget.
      const fire = async (sleeve: Sleeve, tag: string): Promise<Outcome[]> => {
        const pending: Promise<Outcome>[] = [];
        const until = performance.now() + 4500;
        for (let i = 0; performance.now() < until; i++) {
          for (let j = 0; j < 4; j++)
            pending.push(get(sleeve, `/search/artist?query=${tag}${i}x${j}qz`, `192.0.2.${j + 10}`));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return Promise.all(pending);
      };
      const outcomes = (await Promise.all([fire(sleeves[0]!, 'alpha'), fire(sleeves[1]!, 'beta')])).flat();
      const deezer = replay.calls.filter((c) => c.upstream === 'deezer');
      const window = (tag: string) =>
        busiestWindow(
          deezer.filter((c) => c.search.includes(tag)).map((c) => c.at),
          QUOTA.windowMs,
        );
      console.log(
        `[budget-fair] scope instance: busiest 5 s alpha ${window('alpha')}, beta ${window('beta')}, both ${window('')}`,
      );
      expect(outcomes.filter((o) => o.status >= 500 && o.status !== 503)).toEqual([]);
      expect(window('alpha')).toBeLessThanOrEqual(QUOTA.limit);
      expect(window('beta')).toBeLessThanOrEqual(QUOTA.limit);
      // Shared, the two together would stay within one budget (48 of 50: test/integration/live/budget.test.ts).
      expect(window('')).toBeGreaterThan(QUOTA.limit);
    });
  },
);

describe('live mode: whose each upstream call is', () => {
  let replay: Replay;
  const opened: Sleeve[] = [];
  beforeAll(async () => {
    replay = await startReplay({ quota: false });
  });
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.deps.storage.dispose()));
    await replay?.close();
  });

  /**
   * A live Sleeve whose Deezer driver records the client of the scope each of its calls is
   * given (the budget serves the call as that client's), by method.
   */
  const recording = (trustProxy: boolean) => {
    const seen: string[] = [];
    const real = deezer(
      { baseUrl: replay.deezerUrl },
      createDriverContext({
        storage: createStorage(),
        breaker: breaker({ clock: systemClock, onOutage() {} }),
        clock: clockOf(Date.now),
        log: quiet,
      }),
    );
    const music = new Proxy(real, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const options = args.at(-1) as { scope?: { client?: string } } | undefined;
          seen.push(`${String(name)} ${options?.scope?.client ?? '(none)'}`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as MusicDriver;
    const sleeve = createSleeve({
      mode: 'live',
      ...replay.options,
      sources: { music },
      storage: 'memory',
      trustProxy,
      rateLimits: 'off',
      log: quiet,
    });
    opened.push(sleeve);
    return { sleeve, seen };
  };

  it("is the forwarded client's behind a trusted proxy, a /batch sub-request's its caller's, and the socket's address otherwise", async () => {
    const trusted = recording(true);
    // `/album/tracks` makes two calls (the album, then its tracklist): both the quiet client's.
    expect((await get(trusted.sleeve, '/album/tracks?id=302127', QUIET)).status).toBe(200);
    const res = await trusted.sleeve.fetch(
      new Request('http://sleeve.test/batch', {
        method: 'POST',
        headers: { 'user-agent': UA, 'content-type': 'application/json', 'x-forwarded-for': NOISY },
        body: JSON.stringify({
          requests: [
            { id: 'a', path: '/artist/info?id=27' },
            { id: 'b', path: '/track/hot' },
          ],
        }),
      }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()) as unknown).toMatchObject({ succeeded: 2 });
    expect(trusted.seen.sort()).toEqual([
      `album ${QUIET}`,
      `albumTracks ${QUIET}`,
      `artist ${NOISY}`,
      `artistTopTracks ${NOISY}`,
      `chart ${NOISY}`,
      `relatedArtists ${NOISY}`,
    ]);
    // Untrusted, a forwarding header is anyone's to send: the call is the socket's client's
    // (none here, with no adapter: one shared name, 'unknown').
    const untrusted = recording(false);
    expect((await get(untrusted.sleeve, '/track/hot', QUIET)).status).toBe(200);
    expect(untrusted.seen).toEqual(['chart unknown']);
  });
});
