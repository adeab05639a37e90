/** Spec §4.19 and D12: `/nowplaying` in process, and `/nowplaying/socket` on a real Node server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serve, type Served } from '../../adapters/node.ts';
import { nowPlayingMessageSchema, nowPlayingSchema } from '../../core/schemas/responses/index.ts';
import type { NowPlayingBody } from '../../core/shape/radio.ts';
import { valid } from '../shape/_valid.ts';
import { call, fails, makeSleeve, ok, UA } from './_client.ts';

const clock = { now: Date.UTC(2026, 10, 22, 15, 0, 0) };
const radio = makeSleeve({ now: () => clock.now });

/** The clock one second after the current song ends: the station has moved on. */
const afterSong = (body: NowPlayingBody) => (body.now_playing.played_at + body.now_playing.duration + 1) * 1000;

describe('/nowplaying', () => {
  it('answers the station, not cached, with elapsed and remaining recomputed per request', async () => {
    const first = await ok(nowPlayingSchema, '/nowplaying', { sleeve: radio });
    expect(first.cache).toBeNull();
    expect(first.station.shortcode).toBe('sleeve');
    expect(first.now_playing.elapsed + first.now_playing.remaining).toBe(first.now_playing.duration);
    expect(first.now_playing.elapsed).toBe(Math.floor(clock.now / 1000) - first.now_playing.played_at);
    const step = Math.min(5, first.now_playing.remaining - 1);
    clock.now += step * 1000;
    const later = await ok(nowPlayingSchema, '/nowplaying?station=sleeve', { sleeve: radio });
    expect(later.now_playing.sh_id).toBe(first.now_playing.sh_id);
    expect(later.now_playing.elapsed).toBe(first.now_playing.elapsed + step);
    expect((await call('/nowplaying', { sleeve: radio })).headers.get('cache-control')).toBe('no-store');
  });

  it('404 not_found for an unknown station', async () => {
    await fails('/nowplaying?station=nope', 404, 'not_found');
  });
});

describe('/nowplaying/socket', () => {
  it('asks for a WebSocket or an event stream; an unknown station is a plain 404', async () => {
    await fails('/nowplaying/socket', 400, 'bad_request');
    const res = await call('/nowplaying/socket?station=nope', { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(404);
  });
});

describe('/nowplaying/socket on a real Node server (D12)', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve({ port: 0, hostname: '127.0.0.1', now: () => clock.now, radioPollMs: 20, rateLimits: 'off', log: { info() {}, error() {} } });
  });
  afterAll(async () => {
    await new Promise((resolve) => served.server.close(resolve));
  });

  it('WebSocket: a message on connect, and the next when the simulated song changes', async () => {
    const ws = new WebSocket(`${served.url.replace('http', 'ws')}/nowplaying/socket`, { headers: { 'user-agent': UA } });
    const messages: unknown[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (data) => {
      messages.push(JSON.parse(String(data)));
      waiters.shift()?.();
    });
    const nth = async (n: number) => {
      while (messages.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return valid(nowPlayingMessageSchema, messages[n - 1]);
    };
    try {
      const first = await nth(1);
      expect(first.type).toBe('nowplaying');
      clock.now = afterSong(first.data);
      const next = await nth(2);
      expect(next.data.now_playing.sh_id).not.toBe(first.data.now_playing.sh_id);
      expect(next.data.song_history[0]?.sh_id).toBe(first.data.now_playing.sh_id);
    } finally {
      ws.close();
    }
  });

  it('Server-Sent Events: the same messages for Accept: text/event-stream', async () => {
    const controller = new AbortController();
    const res = await fetch(`${served.url}/nowplaying/socket`, { headers: { accept: 'text/event-stream', 'user-agent': UA }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const nextEvent = async () => {
      while (!buffer.includes('\n\n')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
      }
      const [event, ...rest] = buffer.split('\n\n');
      buffer = rest.join('\n\n');
      return valid(nowPlayingMessageSchema, JSON.parse(event!.replace(/^data: /, '')));
    };
    try {
      const first = await nextEvent();
      clock.now = afterSong(first.data);
      const next = await nextEvent();
      expect(next.data.now_playing.sh_id).not.toBe(first.data.now_playing.sh_id);
    } finally {
      controller.abort();
    }
  });
});
