/**
 * The AzuraCast driver over the replay: the radio contract, normalisation of the 2019 (0.9)
 * bodies and of the current shape (the SYNTHETIC OpenAPI example) into the strict domain
 * schema, unknown stations, upstream failures (D12: 502, timeout 504) and the short per-call
 * cache that turns a flood of `/nowplaying` into one upstream call.
 */
import { readFileSync } from 'node:fs';
import { createStorage } from 'unstorage';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import azuracast, { type AzuraCastOptions } from '../../../core/drivers/azuracast/index.ts';
import { toEntry, toLive, toNowPlaying, WireError } from '../../../core/drivers/azuracast/wire.ts';
import { createDriverContext, type DriverContext } from '../../../core/drivers/kit/context.ts';
import { breaker } from '../../../core/storage/breaker.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { runRadioContract } from '../../helpers/drivers/contract-radio.ts';
import { expectValid, NowPlayingSchema } from '../../helpers/drivers/domain-schemas.ts';
import { clockOf, systemClock } from '../../../core/drivers/kit/clock.ts';

const fixture = (file: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/azuracast/${file}`, import.meta.url), 'utf8'));
const KENH_1 = 'real-2019-v0.9__nowplaying-1__kenh-1.json';
const SYNTHETIC = 'SYNTHETIC-openapi-example__nowplaying-station.json';

const context = (now: () => number = Date.now): DriverContext =>
  createDriverContext({
    storage: createStorage(),
    breaker: breaker({ clock: systemClock, onOutage() {} }),
    clock: clockOf(now),
    log: { info() {}, error() {} },
  });

let shared: Promise<Replay> | undefined;
afterAll(async () => (await shared)?.close());

runRadioContract({
  name: 'azuracast replay',
  make: async () => azuracast({ baseUrl: (await (shared ??= startReplay())).urlOf('azuracast') }, context()),
  skip: [
    {
      reason:
        "a replay cannot move AzuraCast's clock to the suite's moment (the 2019 stations keep their 2019 times; the synthetic one follows the real clock, its history and queue keep the OpenAPI example's equal timestamps)",
      tests: [
        'the current song covers now, and the next one starts when it ends',
        'history is most recent first and back to back before the current song',
        'when the song ends, it moves to the head of the history',
      ],
    },
  ],
});

describe('azuracast driver', () => {
  let replay: Replay;
  const driver = (options: Partial<AzuraCastOptions> = {}, ctx: DriverContext = context()) =>
    azuracast({ baseUrl: replay.urlOf('azuracast'), ...options }, ctx);
  const upstreamCalls = () =>
    replay.calls.filter((c) => c.upstream === 'azuracast' && c.path.startsWith('/api/nowplaying'));

  beforeAll(async () => {
    replay = await startReplay();
  });
  afterAll(async () => replay.close());
  afterEach(() => {
    replay.fault('azuracast', null);
    replay.reset();
  });

  it('normalises a 2019 (0.9) body: every domain field, the missing ones empty, nothing invented', async () => {
    const np = await driver().nowPlaying('1', { now: Date.now() });
    expectValid(NowPlayingSchema, np, 'nowPlaying');
    expect(np).toEqual(toNowPlaying(fixture(KENH_1)));
    const { mounts, ...station } = np!.station;
    expect(station).toEqual({
      id: 1,
      name: 'Kenh 1',
      shortcode: 'kenh 1',
      description: 'Kênh phát 1',
      frontend: 'icecast',
      backend: 'liquidsoap',
      timezone: '',
      listen_url: 'http://35.240.185.246/radio/8000/radio.mp3?1576062843',
      url: '',
      public_player_url: '',
      playlist_pls_url: '',
      playlist_m3u_url: '',
      is_public: true,
      requests_enabled: false,
      remotes: [],
      hls_enabled: false,
      hls_is_default: false,
      hls_url: null,
      hls_listeners: 0,
    });
    expect(mounts).toEqual([
      {
        id: 1,
        name: '128kbps MP3',
        url: 'http://35.240.185.246/radio/8000/radio.mp3?1576062843',
        bitrate: 128,
        format: 'mp3',
        listeners: { total: 0, unique: 0, current: 0 },
        path: '/radio.mp3',
        is_default: true,
      },
    ]);
    expect(np!.listeners).toEqual({ total: 0, unique: 0, current: 0 });
    expect(np!.live).toEqual({ is_live: false, streamer_name: '', broadcast_start: null, art: null });
    expect(np!.now_playing).toEqual({
      sh_id: 322,
      played_at: 1576054225,
      duration: 2247,
      playlist: 'playlist kenh 1',
      streamer: '',
      is_request: false,
      song: {
        id: 'eb4fd5e95f4f54300395cd58d3d65ae3',
        art: 'http://35.240.185.246/static/img/generic_song.jpg',
        custom_fields: [],
        text: 'V.A - 10 Bản Nhạc Không Lời Tuyển Chọn',
        artist: 'V.A',
        title: '10 Bản Nhạc Không Lời Tuyển Chọn',
        album: 'nhaccuatui.com',
        genre: '',
        isrc: '',
        lyrics: '',
      },
    });
    expect(np!.playing_next).toBeNull();
    expect(np!.song_history.map((h) => h.sh_id)).toEqual([
      323, 321, 320, 319, 318, 317, 316, 315, 314, 313, 312, 311, 310, 309, 308,
    ]);
    expect(np!.is_online).toBe(false);
  });

  it('reads a station by shortcode or id; the idle 2019 station keeps its "Stream Offline" history', async () => {
    const s = driver();
    const byShortcode = await s.nowPlaying('kenh_2', { now: Date.now() });
    expectValid(NowPlayingSchema, byShortcode, 'nowPlaying');
    expect(byShortcode).toEqual(await s.nowPlaying('2', { now: Date.now() }));
    expect(byShortcode!.now_playing.song.text).toBe('AzuraCast.com - AzuraCast is Live!');
    expect(byShortcode!.song_history[0]?.song).toMatchObject({
      id: '7a1230502efebe8990578f71285bcf46',
      text: 'Stream Offline',
      artist: '',
      title: '',
    });
    expect(await s.nowPlaying('kenh 1', { now: Date.now() })).toEqual(toNowPlaying(fixture(KENH_1)));
  });

  it('normalises the current shape (SYNTHETIC OpenAPI example): all 20 station fields, live, streamer, queue', async () => {
    const before = Math.floor(Date.now() / 1000);
    const np = await driver().nowPlaying('azuratest_radio', { now: Date.now() });
    expectValid(NowPlayingSchema, np, 'nowPlaying');
    expect(np!.station).toEqual({
      id: 1,
      name: 'AzuraTest Radio',
      shortcode: 'azuratest_radio',
      description: 'An AzuraCast station!',
      frontend: 'shoutcast2',
      backend: 'liquidsoap',
      timezone: 'America/Chicago',
      listen_url: 'http://localhost:8000/radio.mp3',
      url: 'https://example.com/',
      public_player_url: 'https://example.com/public/example_station',
      playlist_pls_url: 'https://example.com/public/example_station/playlist.pls',
      playlist_m3u_url: 'https://example.com/public/example_station/playlist.m3u',
      is_public: true,
      requests_enabled: true,
      mounts: [
        {
          id: 1,
          name: '/radio.mp3',
          url: 'http://localhost:8000/radio.mp3',
          bitrate: 128,
          format: 'mp3',
          listeners: { total: 20, unique: 15, current: 20 },
          path: '/radio.mp3',
          is_default: true,
        },
      ],
      remotes: [
        {
          id: 1,
          name: '/radio.mp3',
          url: 'http://localhost:8000/radio.mp3',
          bitrate: 128,
          format: 'mp3',
          listeners: { total: 20, unique: 15, current: 20 },
        },
      ],
      hls_enabled: true,
      hls_is_default: true,
      hls_url: 'https://example.com/hls/azuratest_radio/live.m3u8',
      hls_listeners: 1,
    });
    expect(Object.keys(np!.station)).toHaveLength(20);
    // The example's string `broadcast_start` is read as the number it is.
    expect(np!.live).toEqual({
      is_live: false,
      streamer_name: 'DJ Jazzy Jeff',
      broadcast_start: 1591548318,
      art: 'https://picsum.photos/1200/1200',
    });
    expect(np!.now_playing).toMatchObject({
      sh_id: 0,
      duration: 180,
      playlist: 'Top 100',
      streamer: 'Test DJ',
      is_request: false,
    });
    expect(np!.now_playing.song).toEqual({
      id: '9f33bbc912c19603e51be8e0987d076b',
      art: 'https://picsum.photos/1200/1200',
      custom_fields: ['custom_field_value'],
      text: 'Chet Porter - Aluko River',
      artist: 'Chet Porter',
      title: 'Aluko River',
      album: 'Moving Castle',
      genre: 'Rock',
      isrc: 'US28E1600021',
      lyrics: '',
    });
    // The replay shifts the example so its song is playing now.
    expect(np!.now_playing.played_at).toBeLessThanOrEqual(before);
    expect(np!.now_playing.played_at + 180).toBeGreaterThan(before);
    expect(np!.playing_next).toMatchObject({ duration: 180, playlist: 'Top 100', is_request: false });
    expect(np!.song_history).toHaveLength(1);
    expect(np!.is_online).toBe(true);
  });

  it('reads the fragments: an offline now_playing full of nulls, a live DJ, a numeric-string timestamp', () => {
    const { fragments } = fixture('fragments-from-issues.json') as { fragments: { json: Record<string, unknown> }[] };
    const [offline, live, notLive] = fragments.map((f) => f.json);
    expect(toEntry(offline!.now_playing)).toEqual({
      sh_id: 0,
      played_at: 0,
      duration: 0,
      playlist: '',
      streamer: '',
      is_request: false,
      song: {
        id: '7a1230502efebe8990578f71285bcf46',
        art: '<IP>/static/img/generic_song.jpg',
        custom_fields: [],
        text: 'Stream Offline',
        artist: '',
        title: '',
        album: '',
        genre: '',
        isrc: '',
        lyrics: '',
      },
    });
    expect(toLive(live!.live)).toEqual({
      is_live: true,
      streamer_name: 'Farkie',
      broadcast_start: 1591553069,
      art: null,
    });
    expect(toLive(notLive!.live)).toEqual({ is_live: false, streamer_name: '', broadcast_start: null, art: null });
    // The spec allows `now_playing: null` and fractional queue durations.
    const body = fixture(SYNTHETIC) as Record<string, unknown>;
    const np = toNowPlaying({
      ...body,
      now_playing: null,
      playing_next: { ...(body.playing_next as object), duration: 179.6, played_at: null },
    });
    expectValid(NowPlayingSchema, np, 'nowPlaying');
    expect(np.now_playing).toMatchObject({ sh_id: 0, played_at: 0, duration: 0, song: { id: '', text: '' } });
    expect(np.playing_next).toMatchObject({ duration: 180, played_at: 0 });
  });

  it('a body that is not a now-playing state is a WireError', () => {
    expect(() => toNowPlaying('<html>')).toThrow(WireError);
    expect(() => toNowPlaying([])).toThrow(WireError);
    expect(() => toNowPlaying({ success: false })).toThrow(WireError);
  });

  it('an unknown station is null (AzuraCast answers 404)', async () => {
    expect(await driver().nowPlaying('no-such-station', { now: Date.now() })).toBeNull();
    expect(upstreamCalls().map((c) => c.status)).toEqual([404]);
  });

  it.each([['http500'], ['garbage'], ['error200'], ['reset']] as const)(
    'upstream fault %s is a 502 upstream_error',
    async (fault) => {
      replay.fault('azuracast', fault);
      await expect(driver().nowPlaying('azuratest_radio', { now: Date.now() })).rejects.toMatchObject({
        code: 'upstream_error',
        status: 502,
      });
    },
  );

  it('no answer in time is a 504 upstream_timeout', async () => {
    replay.fault('azuracast', 'slow', { delayMs: 500 });
    await expect(driver({ timeoutMs: 100 }).nowPlaying('azuratest_radio', { now: Date.now() })).rejects.toMatchObject({
      code: 'upstream_timeout',
      status: 504,
    });
  });

  it('20 concurrent calls are one upstream call; the answer is shared ~2 s, then fetched again', async () => {
    const clock = { now: Date.now() };
    const s = driver(
      {},
      context(() => clock.now),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => s.nowPlaying('azuratest_radio', { now: Date.now() })),
    );
    expect(upstreamCalls()).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    await s.nowPlaying('azuratest_radio', { now: Date.now() });
    clock.now += 1500;
    await s.nowPlaying('azuratest_radio', { now: Date.now() });
    expect(upstreamCalls()).toHaveLength(1);
    clock.now += 1000;
    await s.nowPlaying('azuratest_radio', { now: Date.now() });
    expect(upstreamCalls()).toHaveLength(2);
  });

  it('the probe reaches AzuraCast every time, for the default station', async () => {
    const s = driver();
    expect(await s.probe()).toEqual({ ok: true, status: 200 });
    expect(await s.probe()).toEqual({ ok: true, status: 200 });
    expect(upstreamCalls().map((c) => c.path)).toEqual([
      '/api/nowplaying/azuratest_radio',
      '/api/nowplaying/azuratest_radio',
    ]);
    expect(await driver({ defaultStation: 'gone' }).probe()).toEqual({ ok: false, status: 404 });
    replay.fault('azuracast', 'http500');
    await expect(s.probe()).rejects.toMatchObject({ code: 'upstream_error' });
  });
});
