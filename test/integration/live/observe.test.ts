/**
 * D20 in live mode, over the replay on loopback: each request line's `upstream` counts the
 * upstream calls made for it (coalesced calls once, for the request that made them; a batch's
 * sub-requests on the batch's line), and /metrics counts them by host.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Sleeve } from '../../../core/index.ts';
import { disposeSleeves, liveSleeve } from '../../helpers/live/live.ts';
import { UA } from '../../helpers/user-agent.ts';
import { replayOnLoopback } from '../../helpers/replay.ts';

const replay = replayOnLoopback({}, disposeSleeves);
beforeEach(() => replay.reset());

function observed(options: { metrics?: boolean } = {}): { sleeve: Sleeve; lines: () => Record<string, any>[] } {
  const lines: string[] = [];
  const sleeve = liveSleeve(replay, {
    ...options,
    requestLog: 'json',
    log: { info() {}, error() {}, request: (line) => void lines.push(line) },
  });
  return { sleeve, lines: () => lines.map((line) => JSON.parse(line)) };
}

const get = (sleeve: Sleeve, path: string, init: RequestInit = {}) =>
  sleeve.fetch(new Request(`http://sleeve.test${path}`, { ...init, headers: { 'user-agent': UA, ...init.headers } }));

describe('upstream calls per request (D20)', () => {
  it('a miss counts the calls it made, a hit none', async () => {
    const { sleeve, lines } = observed();
    expect((await get(sleeve, '/track/info?artist=Daft+Punk&title=Harder+Better+Faster+Stronger')).status).toBe(200);
    const made = replay.calls.length;
    expect(made).toBeGreaterThan(1);
    expect(new Set(replay.calls.map((c) => c.upstream))).toEqual(new Set(['deezer', 'reccobeats']));
    await get(sleeve, '/track/info?title=Harder+Better+Faster+Stronger&artist=Daft+Punk+');
    expect(replay.calls.length).toBe(made);
    expect(lines().map((l) => [l.cache, l.upstream])).toEqual([
      ['MISS', made],
      ['HIT', 0],
    ]);
  });

  it('requests made together: every call counted once, on the line of the request that made it', async () => {
    const { sleeve, lines } = observed();
    // Different endpoints over the same artist: their calls to Deezer coalesce where they are the same.
    const paths = [
      '/artist/info?id=27',
      '/artist/top-tracks?id=27',
      '/artist/similar?id=27',
      '/artist/discography?id=27',
    ];
    const answers = await Promise.all(paths.map((path) => get(sleeve, path)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const counted = lines().map((l) => l.upstream as number);
    expect(counted.every((n) => n >= 0)).toBe(true);
    expect(counted.reduce((a, b) => a + b, 0)).toBe(replay.calls.length);
  });

  it('pictures and link lookups count too', async () => {
    const { sleeve, lines } = observed();
    expect((await get(sleeve, '/cover?artist=Daft%20Punk&title=Discovery')).status).toBe(200);
    const picture = replay.calls.length;
    expect(replay.calls.some((c) => c.upstream === 'deezer-images')).toBe(true);
    expect((await get(sleeve, `/resolve?url=${encodeURIComponent('https://dzr.page.link/Hop4a')}`)).status).toBe(404);
    expect(replay.calls.slice(picture).some((c) => c.upstream === 'short-links')).toBe(true);
    expect(lines().map((l) => l.upstream)).toEqual([picture, replay.calls.length - picture]);
  });

  it('/batch: its line counts its sub-requests’ calls', async () => {
    const { sleeve, lines } = observed();
    const res = await get(sleeve, '/batch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ requests: [{ path: '/search/artist?query=daft+punk' }, { path: '/album/new-releases' }] }),
    });
    expect(res.status).toBe(200);
    expect(replay.calls.length).toBeGreaterThan(0);
    expect(lines()).toEqual([
      expect.objectContaining({ path: '/batch', upstream: replay.calls.length, id: res.headers.get('x-request-id') }),
    ]);
  });

  it('/metrics counts upstream calls by host, and the budgets', async () => {
    const { sleeve } = observed({ metrics: true });
    await get(sleeve, '/search/artist?query=daft+punk');
    await get(sleeve, '/album/new-releases');
    const text = await (await get(sleeve, '/metrics')).text();
    const host = new URL(replay.url).host;
    expect(text).toContain(`sleeve_upstream_calls_total{upstream="${host}"} ${replay.calls.length}\n`);
    expect(text).toMatch(/^sleeve_budget_waits_total\{upstream="deezer"\} \d+$/m);
    expect(text).toMatch(/^sleeve_budget_refused_total\{upstream="deezer"\} 0$/m);
    expect(text).toMatch(/^sleeve_info\{version="3\.0\.0",mode="live"\} 1$/m);
  });

  it('/metrics counts an answer given past its lifetime, at once, as stale', async () => {
    // /search/artist lives 30 minutes; its stale bound is 180 s (D37).
    const clock = { now: Date.now() };
    const fresh = liveSleeve(replay, { metrics: true, now: () => clock.now });
    expect((await get(fresh, '/search/artist?query=daft+punk')).headers.get('x-cache')).toBe('MISS');
    clock.now += 30 * 60_000 + 30_000;
    const stale = await get(fresh, '/search/artist?query=daft+punk');
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(stale.headers.get('age')).toBe(String(30 * 60 + 30));
    const text = await (await get(fresh, '/metrics')).text();
    expect(text).toMatch(/^sleeve_cache_total\{route="\/search\/artist",state="miss"\} 1$/m);
    expect(text).toMatch(/^sleeve_cache_total\{route="\/search\/artist",state="stale"\} 1$/m);
    expect(text).toMatch(/^sleeve_cache_total\{route="\/search\/artist",state="hit"\} 0$/m);
  });
});
