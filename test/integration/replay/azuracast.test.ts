/**
 * @module
 * The AzuraCast replay over real HTTP on loopback: the 2019 bodies byte-for-byte by id and by
 * shortcode, the SYNTHETIC current-shape station shifted to play now, AzuraCast's 404, the
 * Centrifugo SSE feed (connect with the current state, a push on advance, 404 for the 0.9
 * stations), the test hooks, faults, and a close() that does not wait for open streams.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplay, type Replay } from '../../../replay/server.ts';

const fixture = (file: string): string =>
  readFileSync(new URL(`../../fixtures/azuracast/${file}`, import.meta.url), 'utf8');
const KENH_1 = fixture('real-2019-v0.9__nowplaying-1__kenh-1.json');
const KENH_2 = fixture('real-2019-v0.9__nowplaying-2__kenh-2-idle-stream-offline-history.json');
const SYNTHETIC = JSON.parse(fixture('SYNTHETIC-openapi-example__nowplaying-station.json')) as Record<string, any>;

type Json = Record<string, any>;

let replay: Replay;
let base: string;

beforeAll(async () => {
  replay = await startReplay();
  base = replay.urlOf('azuracast');
});
afterAll(async () => replay.close());

async function get(path: string): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

const sseQuery = (...channels: string[]) =>
  `/api/live/nowplaying/sse?cf_connect=${encodeURIComponent(JSON.stringify({ subs: Object.fromEntries(channels.map((c) => [c, { recover: true }])) }))}`;

/** An open feed: its messages (parsed `data:` lines) as they come. */
async function feed(path: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, { signal: controller.signal });
  const messages: Json[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (event.startsWith('data: ')) messages.push(JSON.parse(event.slice(6)) as Json);
        }
      }
    } catch {
      // aborted
    }
  })();
  const next = async (count: number) => {
    const deadline = Date.now() + 3000;
    while (messages.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${messages.length}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return messages[count - 1]!;
  };
  return { response, messages, next, close: async () => (controller.abort(), pump) };
}

const streams = async () =>
  JSON.parse((await get('/__replay/streams')).text) as { open: number; channels: Record<string, number> };
const waitFor = async (check: () => Promise<boolean>) => {
  const deadline = Date.now() + 3000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('/api/nowplaying', () => {
  it('answers the 2019 stations byte-for-byte, by id and by shortcode as recorded', async () => {
    for (const [path, body] of [
      ['/api/nowplaying/1', KENH_1],
      ['/api/nowplaying/kenh%201', KENH_1],
      ['/api/nowplaying/2', KENH_2],
      ['/api/nowplaying/kenh_2', KENH_2],
    ] as const) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.type).toContain('application/json');
      expect(answer.text, path).toBe(body);
    }
  });

  it('answers the SYNTHETIC current-shape station with its song playing now, elapsed and remaining recomputed', async () => {
    const before = Math.floor(Date.now() / 1000);
    const body = JSON.parse((await get('/api/nowplaying/azuratest_radio')).text) as Json;
    const after = Math.floor(Date.now() / 1000);
    const playedAt = body.now_playing.played_at as number;
    expect(playedAt).toBeLessThanOrEqual(before);
    expect(playedAt + 180).toBeGreaterThan(after);
    expect(body.now_playing.elapsed).toBeGreaterThanOrEqual(before - playedAt);
    expect(body.now_playing.elapsed + body.now_playing.remaining).toBe(180);
    // Every timestamp moved by the same amount; nothing else changed.
    const delta = playedAt - SYNTHETIC.now_playing.played_at;
    expect(body.playing_next.played_at - SYNTHETIC.playing_next.played_at).toBe(delta);
    expect(body.playing_next.cued_at - SYNTHETIC.playing_next.cued_at).toBe(delta);
    expect(body.song_history[0].played_at - SYNTHETIC.song_history[0].played_at).toBe(delta);
    const timeless = (b: Json) => ({
      ...b,
      now_playing: { ...b.now_playing, played_at: 0, elapsed: 0, remaining: 0 },
      playing_next: { ...b.playing_next, played_at: 0, cued_at: 0 },
      song_history: b.song_history.map((h: Json) => ({ ...h, played_at: 0 })),
    });
    expect(timeless(body)).toEqual(timeless(SYNTHETIC));
  });

  it('an unknown station is a 404 with AzuraCast JSON error body; the list holds every station', async () => {
    const unknown = await get('/api/nowplaying/no_such_station');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ code: 404, success: false });
    const list = JSON.parse((await get('/api/nowplaying')).text) as Json[];
    expect(list.map((s) => s.station.shortcode)).toEqual(['kenh 1', 'kenh_2', 'azuratest_radio']);
  });
});

describe('the SSE feed and the test hooks', () => {
  it('connects with the current state, pushes each advance, and counts open streams', async () => {
    const one = await feed(sseQuery('station:azuratest_radio'));
    expect(one.response.status).toBe(200);
    expect(one.response.headers.get('content-type')).toContain('text/event-stream');
    const connect = await one.next(1);
    const sub = connect.connect.subs['station:azuratest_radio'];
    const state = JSON.parse((await get('/api/nowplaying/azuratest_radio')).text) as Json;
    expect(sub.publications).toHaveLength(1);
    expect(sub.publications[0].data.np.now_playing.sh_id).toBe(state.now_playing.sh_id);
    expect(sub.publications[0].data.np.station).toEqual(state.station);
    expect(await streams()).toEqual({ open: 1, channels: { 'station:azuratest_radio': 1 } });

    const advanced = await fetch(`${base}/__replay/advance?station=azuratest_radio`, { method: 'POST' });
    const { sh_id, pushed } = (await advanced.json()) as { sh_id: number; pushed: number };
    expect(pushed).toBe(1);
    const pub = await one.next(2);
    expect(pub.channel).toBe('station:azuratest_radio');
    expect(pub.pub.offset).toBe(sub.offset + 1);
    expect(pub.pub.data.np.now_playing).toMatchObject({ sh_id, elapsed: 0 });
    expect(pub.pub.data.np.song_history[0].sh_id).toBe(state.now_playing.sh_id);
    expect(pub.pub.data.np.song_history[0]).not.toHaveProperty('elapsed');
    // The plain endpoint agrees with the feed.
    expect(JSON.parse((await get('/api/nowplaying/azuratest_radio')).text).now_playing.sh_id).toBe(sh_id);

    await one.close();
    await waitFor(async () => (await streams()).open === 0);
  });

  it('a 0.9 station has no feed (404); a bad subscription is a 400; an unknown channel connects without publications', async () => {
    expect((await get(sseQuery('station:kenh_2'))).status).toBe(404);
    expect((await get('/api/live/nowplaying/sse')).status).toBe(400);
    expect((await get('/api/live/nowplaying/sse?cf_connect=nope')).status).toBe(400);
    const unknown = await feed(sseQuery('station:nowhere'));
    expect((await unknown.next(1)).connect.subs['station:nowhere']).not.toHaveProperty('publications');
    await unknown.close();
  });

  it('advancing a 2019 station stops serving it verbatim; an unknown one is a 404', async () => {
    const { sh_id } = (await (await fetch(`${base}/__replay/advance?station=2`, { method: 'POST' })).json()) as {
      sh_id: number;
    };
    expect(sh_id).toBe(303);
    const body = JSON.parse((await get('/api/nowplaying/kenh_2')).text) as Json;
    expect(body.now_playing.sh_id).toBe(303);
    expect(body.song_history[0].sh_id).toBe(302);
    expect(body.song_history).toHaveLength(JSON.parse(KENH_2).song_history.length);
    expect(body).not.toHaveProperty('is_online'); // still the 0.9 shape
    expect((await fetch(`${base}/__replay/advance?station=nowhere`, { method: 'POST' })).status).toBe(404);
  });

  it('faults apply to the feed too, and close() does not wait for an open stream', async () => {
    replay.fault('azuracast', 'http500');
    expect((await get(sseQuery('station:azuratest_radio'))).status).toBe(500);
    replay.fault('azuracast', null);
    const other = await startReplay();
    const url = other.urlOf('azuracast');
    const response = await fetch(`${url}${sseQuery('station:azuratest_radio')}`);
    expect(response.status).toBe(200);
    // The stream never ends by itself: a close() that waited for it would not resolve, and the
    // test's own timeout is the bound.
    await other.close();
    expect(other.calls.map((c) => [c.path, c.status, c.body])).toEqual([['/api/live/nowplaying/sse', 200, 'ok']]);
  });
});
