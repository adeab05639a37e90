/** D20 and issue #52: a request's scope carries whose its upstream calls are, explicitly, to each call (`core/drivers/kit/scope.ts`). */
import { describe, expect, it } from 'vitest';
import { shareWork } from '../../../core/drivers/kit/shared-work.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { countingFetch } from '../../../core/drivers/kit/call/counting-fetch.ts';
import {
  deferredScope,
  hurry,
  refreshScope,
  requestScope,
  unboundScope,
  whenHurried,
  withSignal,
  type RequestScope,
} from '../../../core/drivers/kit/scope.ts';
import { DEFERRED, FRESH, REFRESH } from '../../../core/drivers/kit/budget/fair-queue.ts';
import { REQUEST_BOUND_MS, REQUEST_TURNS_MS, UPSTREAM_TIMEOUT_MS } from '../../../core/drivers/kit/bounds.ts';
import { upstreamTally } from '../../../core/drivers/kit/tally.ts';

const ok = async () => new Response('{}');

describe('a request scope', () => {
  it("a request's bounds count from its route's start; a deferred answer's from its own patience; unbound work has none", () => {
    const now = 1_000_000;
    const request = requestScope({ client: 'a', now });
    expect([request.turnsBy, request.until, request.patienceMs]).toEqual([
      now + REQUEST_TURNS_MS,
      now + REQUEST_BOUND_MS,
      undefined,
    ]);
    expect(request.progress.lane).toBe(FRESH);
    const deferred = deferredScope(new AbortController().signal, 'a', 60_000, now);
    expect([deferred.turnsBy, deferred.until, deferred.patienceMs, deferred.progress.lane]).toEqual([
      now + 60_000,
      now + 60_000 + UPSTREAM_TIMEOUT_MS,
      60_000,
      DEFERRED,
    ]);
    expect(refreshScope(new AbortController().signal, now).progress.lane).toBe(REFRESH);
    const unbound = unboundScope(new AbortController().signal);
    expect([unbound.turnsBy, unbound.until, unbound.client]).toEqual([Infinity, Infinity, undefined]);
  });

  it('a scope derived for another signal shares its turns and lane; a shared flight counts for its first caller', async () => {
    const first = requestScope({ client: 'first', tally: upstreamTally(), now: 0 });
    const second = requestScope({ client: 'second', tally: upstreamTally(), now: 0 });
    const derived = withSignal(first, AbortSignal.timeout(1000));
    derived.progress.turns++;
    expect(first.progress.turns).toBe(1);
    expect(derived.tally).toBe(first.tally);

    let seen: RequestScope | undefined;
    const work = shareWork(
      async (scope) => void (seen = scope),
      () => {},
      'test',
      fakeClock(),
    );
    await Promise.all([work.join(second), work.join(first)]);
    expect(seen?.client).toBe('second');
    expect(seen?.tally).toBe(second.tally);
    // Its own signal, which aborts only when every caller has left, not the first caller's.
    expect(seen?.signal).not.toBe(second.signal);
  });

  it('a shared flight no caller gave a scope runs unbound, with its own abort', async () => {
    let seen: RequestScope | undefined;
    const work = shareWork(
      async (scope) => void (seen = scope),
      () => {},
      'test',
      fakeClock(),
    );
    await work.join();
    expect([seen?.client, seen?.until]).toEqual([undefined, Infinity]);
  });

  it('hurrying a deferred answer moves it, and every scope derived from it, to the fresh lane, once', () => {
    const deferred = deferredScope(new AbortController().signal, 'c', 60_000, 0);
    const derived = withSignal(deferred, new AbortController().signal);
    let told = 0;
    whenHurried(derived, () => told++);
    hurry(deferred);
    hurry(deferred);
    expect([derived.progress.lane, deferred.patienceMs, told]).toEqual([FRESH, 60_000, 1]);
    // A fresh request or a refresh is not a deferred answer: nothing moves.
    const refresh = refreshScope(new AbortController().signal, 0);
    hurry(refresh);
    expect(refresh.progress.lane).toBe(REFRESH);
  });

  it('the counting fetch counts each call per host for /metrics', async () => {
    const hosts: string[] = [];
    const fetch = countingFetch(ok, (host) => hosts.push(host));
    await fetch('http://127.0.0.1:9/deezer/track/1');
    await fetch(new Request('https://api.deezer.com/search'));
    await fetch(new URL('https://cdn-images.dzcdn.net/images/x.jpg'));
    expect(hosts).toEqual(['127.0.0.1:9', 'api.deezer.com', 'cdn-images.dzcdn.net']);
  });
});
