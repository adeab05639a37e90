/** Spec §4.19 and D12: `/nowplaying` in process, and `/nowplaying/socket` on a real Node server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../adapters/node.ts';
import { nowPlayingSchema } from '../../core/schemas/responses/index.ts';
import { call, fails, makeSleeve, ok } from './_client.ts';
import { afterSong, openEvents, openSocket } from './_streams.ts';

const clock = { now: Date.UTC(2026, 10, 22, 15, 0, 0) };
const radio = makeSleeve({ now: () => clock.now });


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
    const socket = openSocket(served.url);
    try {
      const first = await socket.next();
      expect(first.type).toBe('nowplaying');
      clock.now = afterSong(first.data);
      const next = await socket.next();
      expect(next.data.now_playing.sh_id).not.toBe(first.data.now_playing.sh_id);
      expect(next.data.song_history[0]?.sh_id).toBe(first.data.now_playing.sh_id);
    } finally {
      socket.close();
    }
  });

  it('Server-Sent Events: the same messages for Accept: text/event-stream', async () => {
    const events = await openEvents(served.url);
    try {
      expect(events.contentType).toMatch(/^text\/event-stream/);
      const first = await events.next();
      clock.now = afterSong(first.data);
      expect((await events.next()).data.now_playing.sh_id).not.toBe(first.data.now_playing.sh_id);
    } finally {
      events.close();
    }
  });
});
