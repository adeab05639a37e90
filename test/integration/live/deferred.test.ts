/**
 * A 503 that keeps its promise (issue #43, `core/http/cache/deferred.ts`): a request the budget
 * cannot serve in time is answered 503 at once, its answer completed in the background within
 * its client's share, and asked again after its `Retry-After` it is a cache hit. Deferred answers
 * are bounded per client; past the bound the 503 promises nothing. Another client's requests
 * meanwhile go first, as the budget's fair queue has them.
 */
import { describe, expect, it, vi } from 'vitest';
import { fetchHonouringRetryAfter } from '../../../examples/live/retry.ts';
import type { Sleeve } from '../../../core/index.ts';
import { MAX_DEFERRED_PER_CLIENT } from '../../../core/http/cache/deferred.ts';
import { busiestWindow } from '../../../replay/sliding-window.ts';
import { liveOnReplay } from '../../helpers/live/live.ts';
import { UA } from '../../helpers/user-agent.ts';

const QUOTA = { limit: 50, windowMs: 5000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  path: string;
  status: number;
  cache: string | null;
  retryAfter: number;
  message: string;
  ms: number;
}

async function get(sleeve: Sleeve, path: string, client = '198.18.0.1'): Promise<Outcome> {
  const started = performance.now();
  const res = await sleeve.fetch(
    new Request(`http://sleeve.test${path}`, { headers: { 'user-agent': UA, 'x-forwarded-for': client } }),
  );
  const body = (await res.json()) as { error?: { message?: string } };
  return {
    path,
    status: res.status,
    cache: res.headers.get('x-cache'),
    retryAfter: Number(res.headers.get('retry-after') ?? NaN),
    message: body.error?.message ?? '',
    ms: performance.now() - started,
  };
}

describe('live mode: a 503 for want of budget', () => {
  const { replay, sleeve } = liveOnReplay({ quota: QUOTA }, { rateLimits: 'off', trustProxy: true });

  it('is answered at once and completed in the background: asked again after its Retry-After, it is a hit', async () => {
    // Sixty one-call searches at once from one client: 8 calls a second serve about 24 within 3 s.
    const paths = Array.from({ length: 60 }, (_, i) => `/search/artist?query=promise${i}qz`);
    // What each answer came after, counted in Deezer's calls rather than timed: a busy machine
    // slows the calls and the answers alike.
    const deezerCalls = () => replay.calls.filter((c) => c.upstream === 'deezer');
    const first = await Promise.all(
      paths.map(async (path) => ({ ...(await get(sleeve, path)), callsBefore: deezerCalls().length })),
    );
    // Meanwhile another client's cold request goes first: the deferred answers take the first client's turns only.
    const askedAfter = deezerCalls().length;
    const other = await get(sleeve, '/search/artist?query=quiet-client', '198.18.0.2');
    const refused = first.filter((o) => o.status === 503);
    const promised = refused.filter((o) => o.message.includes('the answer is being completed'));
    console.log(
      `[deferred answers] 60 at once: ${first.length - refused.length} answered, ${promised.length} promised, ${refused.length - promised.length} plain 503; the other client's in ${Math.round(other.ms)} ms`,
    );
    expect(first.every((o) => [200, 404, 503].includes(o.status))).toBe(true);
    // D66: a 503 promises its answer by its Retry-After, or has none and says nothing is promised.
    expect(
      refused.every((o) => o.retryAfter >= 1 || (Number.isNaN(o.retryAfter) && /not promised/.test(o.message))),
    ).toBe(true);
    expect(promised.length).toBeGreaterThan(0);
    expect(promised.length).toBeLessThanOrEqual(MAX_DEFERRED_PER_CLIENT);
    // Refused when the budget saw it could not serve them in time, not after waiting on past
    // it: within the 3.1 s the test held them to in time before, counted in the turns those let
    // out (four a 500-ms slot, seven slots begun), which a busy machine slows with the answers.
    expect(Math.max(...refused.map((o) => o.callsBefore))).toBeLessThanOrEqual(28);
    expect(other.status).toBe(200);
    // The quiet client's call went ahead of the deferred answers' queue: among the first slot's four
    // turns after it asked (those already handed out may go before it), where behind the queue
    // it would have waited for dozens.
    const quietAt = deezerCalls()
      .slice(askedAfter)
      .findIndex((c) => c.search.includes('quiet-client'));
    expect(quietAt).toBeGreaterThanOrEqual(0);
    expect(quietAt).toBeLessThan(5);

    const again = await Promise.all(
      promised.map(async (o) => {
        await sleep(o.retryAfter * 1000);
        return get(sleeve, o.path);
      }),
    );
    expect(again.map((o) => `${o.path} ${o.status} ${o.cache}`)).toEqual(promised.map((o) => `${o.path} 200 HIT`));
    expect(replay.calls.filter((c) => c.body === 'quota')).toEqual([]);
    expect(
      busiestWindow(
        replay.calls.filter((c) => c.upstream === 'deezer').map((c) => c.at),
        QUOTA.windowMs,
      ),
    ).toBeLessThanOrEqual(QUOTA.limit);
  }, 60_000);

  it('the example client (examples/live/retry.ts) gets the answer in the end, from the cache', async () => {
    // Its fetch is the global one: pointed at this Sleeve for the test.
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => sleeve.fetch(new Request(url, init)));
    try {
      const init = { headers: { 'user-agent': UA, 'x-forwarded-for': '198.18.0.3' } };
      const crowd = Array.from({ length: 40 }, (_, i) => `http://sleeve.test/search/albums?query=example${i}qz`);
      const answers = await Promise.all(crowd.map((url) => fetchHonouringRetryAfter(url, init)));
      const statuses = answers.map((res) => `${res.status} ${res.headers.get('x-cache')}`);
      // Some were refused at first (40 calls at once from one client) and came back to a hit.
      expect(statuses.filter((s) => s === '200 HIT').length).toBeGreaterThan(0);
      expect(statuses.filter((s) => !s.startsWith('200 '))).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  }, 60_000);
});
