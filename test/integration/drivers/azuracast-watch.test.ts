/**
 * The AzuraCast driver's `watch` (D12) over the replay: AzuraCast's SSE feed (Centrifugo) when
 * the station offers it, polling when the feed answers 404 (a 0.9 install), reconnection after
 * the feed drops, and nothing left running once closed.
 */
import { createStorage } from 'unstorage';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import azuracast from '../../../core/drivers/azuracast/index.ts';
import { eventStreamParser, nowPlayingBodies, sseUrl } from '../../../core/drivers/azuracast/sse.ts';
import { MAX_TRIES } from '../../../core/drivers/kit/call/call.ts';
import { createDriverContext } from '../../../core/drivers/kit/context.ts';
import type { NowPlaying } from '../../../core/domain/radio.ts';
import { breaker } from '../../../core/storage/breaker.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { clockOf, systemClock } from '../../../core/drivers/kit/clock.ts';

const SSE = '/api/live/nowplaying/sse';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

let replay: Replay;
const logged: string[] = [];
const source = (cacheSeconds = 0) =>
  azuracast(
    { baseUrl: replay.urlOf('azuracast'), cacheSeconds },
    createDriverContext({
      storage: createStorage(),
      breaker: breaker({ clock: systemClock, onOutage() {} }),
      clock: clockOf(Date.now),
      log: { info: (m) => logged.push(m), error: (m) => logged.push(m) },
    }),
  );
const callsTo = (path: string) => replay.calls.filter((c) => c.upstream === 'azuracast' && c.path.startsWith(path));
const openStreams = async (): Promise<number> =>
  ((await (await fetch(`${replay.urlOf('azuracast')}/__replay/streams`)).json()) as { open: number }).open;
const advance = async (station: string) => {
  const response = await fetch(`${replay.urlOf('azuracast')}/__replay/advance?station=${encodeURIComponent(station)}`, {
    method: 'POST',
  });
  return (await response.json()) as { sh_id: number; pushed: number };
};

beforeAll(async () => {
  replay = await startReplay();
});
afterAll(async () => replay.close());
afterEach(() => {
  replay.fault('azuracast', null);
  replay.reset();
  logged.length = 0;
});

describe('azuracast watch', () => {
  it('subscribes to the SSE feed: the current state first, then each change; no polling; closed on close', async () => {
    const seen: NowPlaying[] = [];
    const close = source().watch!('azuratest_radio', (np) => seen.push(np), { pollMs: 20 });
    await until('the initial state', () => seen.length === 1);
    expect(seen[0]!.station.shortcode).toBe('azuratest_radio');
    const { sh_id, pushed } = await advance('azuratest_radio');
    expect(pushed).toBe(1);
    await until('the change', () => seen.length === 2);
    expect(seen[1]!.now_playing.sh_id).toBe(sh_id);
    expect(seen[1]!.song_history[0]!.sh_id).toBe(seen[0]!.now_playing.sh_id);
    await sleep(100);
    expect(callsTo(SSE).map((c) => c.status)).toEqual([200]);
    expect(callsTo('/api/nowplaying')).toEqual([]);
    close();
    await until('the feed to close', async () => (await openStreams()) === 0);
  });

  it('polls every pollMs when the feed answers 404 (a 0.9 install), and stops when closed', async () => {
    const seen: NowPlaying[] = [];
    const close = source().watch!('kenh_2', (np) => seen.push(np), { pollMs: 30 });
    await until('a few polls', () => callsTo('/api/nowplaying').length >= 3);
    expect(callsTo(SSE).map((c) => c.status)).toEqual([404]);
    expect(seen[0]!.now_playing.sh_id).toBe(302);
    const { sh_id } = await advance('kenh_2');
    await until('the change', () => seen.at(-1)?.now_playing.sh_id === sh_id);
    close();
    await sleep(50);
    const polls = callsTo('/api/nowplaying').length;
    await sleep(150);
    expect(callsTo('/api/nowplaying').length).toBe(polls);
    expect(callsTo(SSE)).toHaveLength(1);
    expect(logged).toContain('azuracast live feed unavailable; polling');
  });

  it('after the feed drops it polls at once, then reconnects', async () => {
    replay.fault('azuracast', 'reset');
    const seen: NowPlaying[] = [];
    const close = source().watch!('azuratest_radio', (np) => seen.push(np), { pollMs: 5000 });
    await until('the failed connection and its poll', () => callsTo('/api/nowplaying').length === 1);
    expect(callsTo(SSE).map((c) => c.status)).toEqual([0]);
    replay.fault('azuracast', null);
    // The poll's call is tried again (kit/call/call.ts) and may answer now; the feed's first retry
    // comes after 1 s, and no second poll comes before it (pollMs is 5 s).
    await until('the reconnection', () => seen.length >= 1 && callsTo(SSE).length === 2, 3000);
    expect(callsTo(SSE).map((c) => c.status)).toEqual([0, 200]);
    expect(callsTo('/api/nowplaying').length).toBeLessThanOrEqual(MAX_TRIES);
    close();
    await until('the feed to close', async () => (await openStreams()) === 0);
  });
});

describe('the feed format', () => {
  it('parses event-stream framing in any chunking, and Centrifugo connect/pub messages for one channel', () => {
    const events: string[] = [];
    const parse = eventStreamParser((data) => events.push(data));
    for (const chunk of [': hello\r', '\ndata: {"a":', '1}\r\n\r\nda', 'ta: {}\n\nevent: x\ndata:one\ndata: two\n\n'])
      parse(chunk);
    expect(events).toEqual(['{"a":1}', '{}', 'one\ntwo']);

    const np = { station: { shortcode: 'x' } };
    const channel = 'station:x';
    expect(
      nowPlayingBodies({ connect: { subs: { [channel]: { publications: [{ data: { np }, offset: 1 }] } } } }, channel),
    ).toEqual([np]);
    expect(nowPlayingBodies({ connect: { data: [{ data: { np } }] } }, channel)).toEqual([np]);
    expect(nowPlayingBodies({ channel, pub: { data: { np } } }, channel)).toEqual([np]);
    expect(nowPlayingBodies({ channel: 'station:y', pub: { data: { np } } }, channel)).toEqual([]);
    expect(nowPlayingBodies({}, channel)).toEqual([]);
    expect(decodeURIComponent(sseUrl('https://radio.example', 'x').split('cf_connect=')[1]!)).toBe(
      '{"subs":{"station:x":{"recover":true}}}',
    );
  });
});
