/**
 * Live mode under a crowd of identical cold requests: identical upstream calls in flight
 * coalesce into one (`core/drivers/shared/cached.ts`), so 100 concurrent requests for one thing
 * cost Deezer one call per distinct path and query, and every caller gets the same answer.
 * And a caller that leaves is let go at once, even while its upstream call hangs.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSleeve, type Sleeve } from '../../../core/index.ts';
import { startReplay, type Replay, type ReplayCall } from '../../../replay/server.ts';
import { UA } from '../../helpers/user-agent.ts';

const quiet = { info() {}, error() {} };

let replay: Replay;
const opened: Sleeve[] = [];

function liveSleeve(log: { info(m: string): void; error(m: string): void } = quiet): Sleeve {
  const sleeve = createSleeve({ mode: 'live', ...replay.options, storage: 'memory', rateLimits: 'off', log });
  opened.push(sleeve);
  return sleeve;
}

const request = (path: string, signal?: AbortSignal) =>
  new Request(`http://sleeve.test${path}`, { headers: { 'user-agent': UA }, ...(signal ? { signal } : {}) });

/** Upstream path+query → how many times the replay saw it. */
function tally(calls: readonly ReplayCall[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const call of calls) seen.set(`${call.path}${call.search}`, (seen.get(`${call.path}${call.search}`) ?? 0) + 1);
  return seen;
}

beforeAll(async () => {
  replay = await startReplay();
});
afterEach(() => {
  replay.fault('deezer', null);
});
afterAll(async () => {
  await Promise.all(opened.map((s) => s.deps.storage.dispose()));
  await replay?.close();
});

describe('live mode: identical concurrent cold requests coalesce', () => {
  const cases = [
    '/track/info?artist=Daft%20Punk&title=Harder%2C%20Better%2C%20Faster%2C%20Stronger',
    '/album/info?id=302127',
    '/artist/discography?id=27',
  ];

  it.each(cases)('100 × %s: all 200 with one body, one upstream call per distinct path+query', async (path) => {
    replay.reset();
    const sleeve = liveSleeve();
    const answers = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const res = await sleeve.fetch(request(path));
        return { status: res.status, body: await res.text() };
      }),
    );
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    expect(Object.fromEntries(statuses), answers.find((a) => a.status !== 200)?.body.slice(0, 300)).toEqual({
      200: 100,
    });
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);

    const seen = tally(replay.calls);
    expect(replay.calls.length).toBeGreaterThan(0);
    expect(
      [...seen].filter(([, n]) => n > 1),
      `upstream calls: ${[...seen.keys()].join(' ')}`,
    ).toEqual([]);
    expect(replay.calls.every((c) => c.body === 'ok')).toBe(true);
  });
});

describe('live mode: a client that disconnects', () => {
  it('is let go at its abort while the upstream call is slow', async () => {
    replay.reset();
    // Deezer would answer in a minute: settling at all shows the client was let go at its abort.
    replay.fault('deezer', 'slow', { delayMs: 60_000 });
    const errors: string[] = [];
    const sleeve = liveSleeve({ info() {}, error: (m) => void errors.push(m) });
    const controller = new AbortController();
    // The client leaves once the upstream has been asked, however long a busy machine takes to ask it.
    const timer = setInterval(() => {
      if (replay.calls.length > 0) controller.abort();
    }, 5);
    let abortedAt = 0;
    controller.signal.addEventListener('abort', () => (abortedAt = performance.now()), { once: true });
    const outcome = await Promise.resolve(sleeve.fetch(request('/album/info?id=302127', controller.signal))).then(
      async (res) => ({ kind: 'answered' as const, status: res.status, body: await res.text().catch(() => '') }),
      (error: unknown) => ({ kind: 'rejected' as const, error }),
    );
    const settled = performance.now();
    clearInterval(timer);

    expect(abortedAt).toBeGreaterThan(0);
    // The upstream was asked (and is still answering slowly) when the client left.
    expect(replay.calls.length).toBeGreaterThan(0);
    expect(settled, JSON.stringify(outcome).slice(0, 300)).toBeGreaterThanOrEqual(abortedAt);
    // A client that leaves is not a bug: nothing is logged as an internal error.
    expect(errors).toEqual([]);
  });
});
