import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStorage } from 'unstorage';
import type { Deps } from '../../../core/wiring/deps.ts';
import { resolveOptions } from '../../../core/wiring/options.ts';
import { SERVER_PLATFORM } from '../../../core/index.ts';
import { loadNowPlaying, watchNowPlaying } from '../../../core/routes/radio/radio.ts';
import { changeKey } from '../../../core/services/radio.ts';
import type { NowPlaying } from '../../../core/domain/radio.ts';
import type { Drivers } from '../../../core/drivers/contracts/drivers.ts';
import { nowPlaying } from '../../helpers/domain.ts';
import { storageBreaker } from '../../../core/storage/breaker.ts';
import { memoryCounters } from '../../../core/storage/counters.ts';
import { lifecycle } from '../../../core/wiring/lifecycle.ts';
import { clockOf, systemClock } from '../../../core/drivers/kit/clock.ts';

const BASE = 'https://music.example.com';

/** A station whose song changes every 100 s of the injected clock, counting its polls. */
function station(requestsApart = false) {
  const clock = { now: 1_000_000_000 };
  const polls = { count: 0 };
  const radio = {
    name: 'fake',
    defaultStation: 'sleeve',
    probe: async () => ({ ok: true, status: 200 }),
    nowPlaying: async (shortcode: string, o?: { now?: number }): Promise<NowPlaying | null> => {
      polls.count++;
      if (shortcode !== 'sleeve') return null;
      const second = Math.floor((o?.now ?? 0) / 1000);
      return nowPlaying(second - (second % 100), 100);
    },
  };
  const deps: Deps = {
    options: resolveOptions({ radioPollMs: 1000, requestsApart }, SERVER_PLATFORM),
    drivers: { radio } as unknown as Drivers,
    storage: createStorage(),
    counters: memoryCounters(),
    clock: clockOf(() => clock.now),
    log: { info() {}, error() {} },
    breaker: storageBreaker({ error() {} }, 'test', systemClock),
    summary: 'test',
    lifecycle: lifecycle(),
  };
  return { deps, clock, polls };
}

/** Two clients watching the station from its first body: what each was sent, and how each leaves. */
async function twoSubscribers(deps: Deps) {
  const first = await loadNowPlaying(deps, undefined, BASE);
  const a: number[] = [];
  const b: number[] = [];
  const stopA = watchNowPlaying(deps, undefined, first, (body) => a.push(body.now_playing.sh_id), BASE);
  const stopB = watchNowPlaying(deps, undefined, first, (body) => b.push(body.now_playing.sh_id), BASE);
  return { first, a, b, stopA, stopB };
}

describe('D12 now-playing watcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('one poll per interval for all subscribers; a message only when the song changes', async () => {
    const { deps, clock, polls } = station();
    const { first, a, b, stopA, stopB } = await twoSubscribers(deps);
    polls.count = 0;
    await vi.advanceTimersByTimeAsync(3000);
    expect(polls.count).toBe(3);
    expect(a).toEqual([]);
    clock.now += 100_000;
    await vi.advanceTimersByTimeAsync(1000);
    expect(a).toEqual([first.now_playing.sh_id + 100]);
    expect(b).toEqual(a);
    stopA();
    stopB();
    polls.count = 0;
    await vi.advanceTimersByTimeAsync(5000);
    expect(polls.count).toBe(0);
  });

  it('with requests apart (a Worker), each subscriber polls for itself and stops with itself', async () => {
    const { deps, clock, polls } = station(true);
    const { first, a, b, stopA, stopB } = await twoSubscribers(deps);
    polls.count = 0;
    await vi.advanceTimersByTimeAsync(3000);
    expect(polls.count).toBe(6);
    stopA();
    clock.now += 100_000;
    await vi.advanceTimersByTimeAsync(1000);
    expect(a).toEqual([]);
    expect(b).toEqual([first.now_playing.sh_id + 100]);
    polls.count = 0;
    stopB();
    await vi.advanceTimersByTimeAsync(5000);
    expect(polls.count).toBe(0);
  });

  it('an unknown station is a 404 not_found; the key follows song and listeners', async () => {
    const { deps } = station();
    await expect(loadNowPlaying(deps, 'nope', BASE)).rejects.toMatchObject({ code: 'not_found', status: 404 });
    const body = await loadNowPlaying(deps, undefined, BASE);
    expect(changeKey({ ...body, listeners: { ...body.listeners, current: body.listeners.current + 1 } })).not.toBe(
      changeKey(body),
    );
  });
});
