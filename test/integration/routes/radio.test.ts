/** D12: `/nowplaying` in process, and `/nowplaying/socket` on a real Node server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';
import { handle } from '../../../adapters/vercel/index.ts';
import { nowPlayingSchema } from '../../../core/schemas/responses/index.ts';
import { call, fails, makeSleeve, ok, UA } from '../../helpers/routes/client.ts';
import { openEvents, songChange, TRANSPORTS } from '../../helpers/routes/streams.ts';

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
    served = await serve({
      port: 0,
      hostname: '127.0.0.1',
      now: () => clock.now,
      radioPollMs: 20,
      rateLimits: 'off',
      log: { info() {}, error() {} },
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => served.server.close(resolve));
  });

  it.each(TRANSPORTS)('%s: a message on connect, and the next when the simulated song changes', async (_name, open) => {
    const [first, next] = await songChange(open, served.url, (ms) => (clock.now = ms));
    expect(first.type).toBe('nowplaying');
    expect(next.data.now_playing.sh_id).not.toBe(first.data.now_playing.sh_id);
    expect(next.data.song_history[0]?.sh_id).toBe(first.data.now_playing.sh_id);
  });

  it('answers text/event-stream, uncached', async () => {
    const res = await fetch(`${served.url}/nowplaying/socket`, {
      headers: { accept: 'text/event-stream', 'user-agent': UA },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    await res.body?.cancel();
  });
});

describe('/nowplaying/socket through the Vercel handler (no WebSocket there)', () => {
  it('streams Server-Sent Events, with the next message on a song change', async () => {
    const vercel = handle({ now: () => clock.now, radioPollMs: 20, rateLimits: 'off', log: { info() {}, error() {} } });
    const [first, next] = await songChange(
      (url) => openEvents(url, vercel),
      'https://sleeve.vercel.test',
      (ms) => (clock.now = ms),
    );
    expect(next.data.now_playing.sh_id).not.toBe(first.data.now_playing.sh_id);
  });

  it('refuses a WebSocket upgrade with a 400 that points at the event stream', async () => {
    const vercel = handle({ rateLimits: 'off', log: { info() {}, error() {} } });
    const res = await vercel(
      new Request('https://sleeve.vercel.test/nowplaying/socket', {
        headers: { upgrade: 'websocket', 'user-agent': UA },
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/text\/event-stream/);
  });
});
