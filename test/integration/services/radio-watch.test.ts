/**
 * D12 with a live radio source: `watchNowPlaying` opens ONE upstream subscription per station
 * for every subscriber (the AzuraCast driver's SSE feed, counted in the replay's call log),
 * a change pushed upstream reaches every subscriber once, the subscription closes with the
 * last subscriber, and a station without a feed is polled once per interval for all of them.
 */
import { createStorage } from 'unstorage';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../core/wiring/deps.ts';
import { resolveOptions } from '../../../core/wiring/options.ts';
import { SERVER_PLATFORM } from '../../../core/index.ts';
import type { NowPlayingBody } from '../../../core/schemas/responses/radio.ts';
import { loadNowPlaying, watchNowPlaying } from '../../../core/routes/radio/radio.ts';
import azuracast from '../../../core/drivers/azuracast/index.ts';
import { createDriverContext } from '../../../core/drivers/kit/context.ts';
import type { Drivers } from '../../../core/drivers/contracts/drivers.ts';
import { breaker, storageBreaker } from '../../../core/storage/breaker.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { lifecycle } from '../../../core/wiring/lifecycle.ts';
import { memoryCounters } from '../../../core/storage/counters.ts';
import { clockOf, systemClock } from '../../../core/drivers/kit/clock.ts';

const BASE = 'https://music.example.com';
const SSE = '/api/live/nowplaying/sse';
const quiet = { info() {}, error() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

let replay: Replay;

function deps(radioPollMs: number): Deps {
  const ctx = createDriverContext({
    storage: createStorage(),
    breaker: breaker({ clock: systemClock, onOutage() {} }),
    clock: clockOf(Date.now),
    log: quiet,
  });
  const radio = azuracast({ baseUrl: replay.urlOf('azuracast'), cacheSeconds: 0 }, ctx);
  return {
    options: resolveOptions({ radioPollMs }, SERVER_PLATFORM),
    drivers: { radio } as unknown as Drivers,
    storage: createStorage(),
    counters: memoryCounters(),
    clock: clockOf(Date.now),
    log: quiet,
    breaker: storageBreaker(quiet, 'test', systemClock),
    summary: 'test',
    lifecycle: lifecycle(),
  };
}

const callsTo = (path: string) => replay.calls.filter((c) => c.upstream === 'azuracast' && c.path.startsWith(path));
const streams = async () =>
  (await (await fetch(`${replay.urlOf('azuracast')}/__replay/streams`)).json()) as {
    open: number;
    channels: Record<string, number>;
  };
const advance = async (station: string) =>
  (await (
    await fetch(`${replay.urlOf('azuracast')}/__replay/advance?station=${encodeURIComponent(station)}`, {
      method: 'POST',
    })
  ).json()) as { sh_id: number; pushed: number };

/** `count` subscribers on one station, each keeping what it is sent. */
function subscribe(d: Deps, station: string, first: NowPlayingBody, count: number) {
  const received = Array.from({ length: count }, () => [] as NowPlayingBody[]);
  const stops = received.map((inbox) => watchNowPlaying(d, station, first, (body) => inbox.push(body), BASE));
  return {
    received,
    stopAll: () => {
      for (const stop of stops) stop();
    },
  };
}

beforeAll(async () => {
  replay = await startReplay();
});
afterAll(async () => replay.close());
afterEach(() => replay.reset());

describe('D12 watcher over a live source', () => {
  it('200 subscribers: one SSE subscription upstream, every one gets the change once, closed with the last', async () => {
    const d = deps(20);
    const first = await loadNowPlaying(d, 'azuratest_radio', BASE);
    const { received, stopAll } = subscribe(d, 'azuratest_radio', first, 200);
    await until('the feed to open', async () => (await streams()).open === 1);
    // The feed's first message is the state everyone already has: nobody is sent it again.
    await sleep(50);
    expect(received.every((inbox) => inbox.length === 0)).toBe(true);

    const { sh_id, pushed } = await advance('azuratest_radio');
    expect(pushed).toBe(1);
    await until('everyone to get the change', () => received.every((inbox) => inbox.length === 1));
    for (const inbox of received) {
      expect(inbox[0]!.now_playing).toMatchObject({
        sh_id,
        elapsed: expect.any(Number),
        remaining: expect.any(Number),
      });
      expect(inbox[0]!.cache).toBeNull();
    }
    expect(callsTo(SSE).map((c) => c.status)).toEqual([200]);
    expect(callsTo('/api/nowplaying')).toHaveLength(1); // the first load only: no polling
    expect(await streams()).toEqual({ open: 1, channels: { 'station:azuratest_radio': 1 } });

    // A subscriber joining later shares the same subscription.
    const late = subscribe(d, 'azuratest_radio', await loadNowPlaying(d, 'azuratest_radio', BASE), 1);
    stopAll();
    await sleep(50);
    expect((await streams()).open).toBe(1);
    late.stopAll();
    await until('the feed to close', async () => (await streams()).open === 0);
    expect(callsTo(SSE)).toHaveLength(1);
  });

  it('no feed (SSE answers 404): one poll per interval for all subscribers, until the last leaves', async () => {
    const d = deps(40);
    const first = await loadNowPlaying(d, '1', BASE);
    expect(first.station.shortcode).toBe('kenh 1');
    const { received, stopAll } = subscribe(d, '1', first, 50);
    await until('the feed to be refused', () => callsTo(SSE).length === 1);
    expect(callsTo(SSE)[0]!.status).toBe(404);
    const polled = callsTo('/api/nowplaying').length;
    await sleep(400);
    // About 10 intervals of 40 ms: one poll each, not one per subscriber.
    const polls = callsTo('/api/nowplaying').length - polled;
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(polls).toBeLessThanOrEqual(12);
    expect(received.every((inbox) => inbox.length === 0)).toBe(true);

    const { sh_id } = await advance('1');
    await until('everyone to get the change', () => received.every((inbox) => inbox.length === 1));
    expect(received.every((inbox) => inbox[0]!.now_playing.sh_id === sh_id)).toBe(true);
    stopAll();
    await sleep(60);
    const after = callsTo('/api/nowplaying').length;
    await sleep(200);
    expect(callsTo('/api/nowplaying').length).toBe(after);
    expect(callsTo(SSE)).toHaveLength(1);
  });
});
