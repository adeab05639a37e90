/**
 * Live mode, part 2, over the replay: audio features from ReccoBeats in the full-track
 * endpoints and in playlist generation, the radio from AzuraCast (the 2019 shape and the
 * current one, the socket fed by the upstream's own live feed), and /healthz probing the real
 * upstreams (D13).
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { call, ok } from '../../helpers/routes/client.ts';
import { openEvents } from '../../helpers/routes/streams.ts';
import { disposeSleeves, liveSleeve } from '../../helpers/live/live.ts';

let replay: Replay;
beforeAll(async () => {
  replay = await startReplay();
});
afterEach(() => {
  for (const upstream of ['deezer', 'reccobeats', 'azuracast'] as const) replay.fault(upstream, null);
});
afterAll(async () => {
  await disposeSleeves();
  await replay.close();
});

/** The derived ReccoBeats records the replay serves, by ISRC (a recording may have several releases). */
const records: { isrc: string; energy: number; tempo: number; key: number; mode: number }[] = JSON.parse(
  readFileSync(new URL('../../fixtures/reccobeats/derived/audio-features.json', import.meta.url), 'utf8'),
).content;
const featureCalls = () => replay.calls.filter((c) => c.upstream === 'reccobeats' && c.path === '/v1/audio-features');

describe('audio features from ReccoBeats', () => {
  it('/track/info carries the recorded features of the album release (the provider has two records for this ISRC)', async () => {
    const body = await ok(
      s.infoTrackSchema,
      `/track/info?artist=Daft%20Punk&title=${encodeURIComponent('Harder, Better, Faster, Stronger')}`,
      { sleeve: liveSleeve(replay) },
    );
    expect(body.found && body.audioFeatures).toMatchObject({
      key: 'D',
      keyIndex: 2,
      mode: 'Major',
      tempo: 123.4,
      energy: 0.34,
      timeSignature: 4,
    });
  });

  it('/track/isrc carries the features without timeSignature (D17)', async () => {
    const body = await ok(s.isrcTrackSchema, '/track/isrc?isrc=USSM12103949', { sleeve: liveSleeve(replay) });
    expect(body.found && body.audioFeatures).toMatchObject({
      key: 'A',
      keyIndex: 9,
      mode: 'Major',
      tempo: 143,
      energy: 0.428,
    });
    expect(body.found && body.audioFeatures).not.toHaveProperty('timeSignature');
  });

  it('/playlist/generate filters by energy ±0.2 and tempo ±20 with real features, in one features call per 40 ISRCs', async () => {
    replay.reset();
    const body = await ok(s.generatedPlaylistSchema, '/playlist/generate?genres=pop&energy=0.8&tempo=120&limit=20', {
      sleeve: liveSleeve(replay),
    });
    expect(body.tracks.length).toBeGreaterThan(5);
    const fits = body.tracks.map((t) => {
      const options = records.filter((r) => r.isrc === t.isrc);
      return (
        options.length === 0 ||
        options.some((r) => Math.abs(r.energy - 0.8) <= 0.2 + 1e-9 && Math.abs(r.tempo - 120) <= 20 + 1e-9)
      );
    });
    // Rule 1 first, then rule 2's top-up: no fitting track after a non-fitting one.
    expect(fits.indexOf(false) === -1 || fits.slice(fits.indexOf(false)).every((f) => !f)).toBe(true);
    expect(fits.filter(Boolean).length).toBeGreaterThan(0);
    // Rule 3: never the same artist back to back.
    for (let i = 1; i < body.tracks.length; i++)
      expect(body.tracks[i]!.artistId).not.toBe(body.tracks[i - 1]!.artistId);
    const isrcs = new Set(featureCalls().flatMap((c) => new URLSearchParams(c.search).get('ids')!.split(',')));
    expect(featureCalls().length).toBeLessThanOrEqual(Math.ceil(isrcs.size / 40));
  });
});

describe('the radio from AzuraCast', () => {
  it('/nowplaying from a 2019 AzuraCast: every spec field, what the old shape lacks empty, elapsed from played_at', async () => {
    const { status, body } = await call('/nowplaying?station=kenh_2', { sleeve: liveSleeve(replay) });
    expect(status).toBe(200);
    const np = (await import('../../helpers/shape/valid.ts')).valid(s.nowPlayingSchema, body);
    expect(np.station.shortcode).toBe('kenh_2');
    expect(np.cache).toBeNull();
    expect(np.now_playing.elapsed + np.now_playing.remaining).toBe(np.now_playing.duration);
  });

  it('/nowplaying from the current shape, and an unknown station is 404', async () => {
    const sleeve = liveSleeve(replay);
    const body = await ok(s.nowPlayingSchema, '/nowplaying', { sleeve });
    expect(body.station.shortcode).toBe('azuratest_radio');
    expect(body.now_playing.elapsed).toBeGreaterThanOrEqual(0);
    expect((await call('/nowplaying?station=nope', { sleeve })).status).toBe(404);
  });

  it('AzuraCast unreachable: 502 (D12)', async () => {
    replay.fault('azuracast', 'http500');
    const { status, body } = await call('/nowplaying', { sleeve: liveSleeve(replay) });
    expect(status).toBe(502);
    expect(body.error.code).toBe('upstream_error');
  });

  it('the socket pushes a change from the upstream feed; 20 listeners share one upstream subscription', async () => {
    const sleeve = liveSleeve(replay, { radioPollMs: 60_000 });
    replay.reset();
    const listeners = await Promise.all(
      Array.from({ length: 20 }, () => openEvents('http://sleeve.test', async (r) => sleeve.fetch(r))),
    );
    try {
      const first = await Promise.all(listeners.map((l) => l.next()));
      // The feed is opened once the first bodies are out: wait for it (bounded), then count.
      const subscriptions = () => replay.calls.filter((c) => c.upstream === 'azuracast' && c.path.includes('/sse'));
      for (let i = 0; i < 100 && subscriptions().length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(subscriptions()).toHaveLength(1);
      await fetch(`${replay.urlOf('azuracast')}/__replay/advance?station=azuratest_radio`, { method: 'POST' });
      const next = await Promise.all(listeners.map((l) => l.next()));
      for (let i = 0; i < listeners.length; i++)
        expect(next[i]!.data.now_playing.sh_id).not.toBe(first[i]!.data.now_playing.sh_id);
      // The radioPollMs of a minute never came round: the change came down the feed.
      expect(
        replay.calls.filter((c) => c.upstream === 'azuracast' && c.path.startsWith('/api/nowplaying')).length,
      ).toBeLessThanOrEqual(1);
    } finally {
      for (const l of listeners) l.close();
    }
  });
});

describe('/healthz in live mode (D13)', () => {
  const health = async () => {
    const { status, body, headers } = await call('/healthz', { sleeve: liveSleeve(replay) });
    return {
      status,
      body,
      headers,
      check: (name: string) => body.checks.find((c: { name: string }) => c.name === name),
    };
  };

  it('ok when Deezer, ReccoBeats and the storage answer', async () => {
    const { status, body, check, headers } = await health();
    expect(status).toBe(200);
    // D45: what each check asked; by name, never the bases they were given (D61).
    expect(headers.get('x-sleeve-checked')).toBe(
      'upstream-music-api=deezer, upstream-audio-features=reccobeats, cache-backend=memory',
    );
    expect(body).toMatchObject({ status: 'ok', degraded: false });
    expect(check('upstream-music-api')).toMatchObject({ ok: true, status: 200 });
    expect(check('upstream-audio-features')).toMatchObject({ ok: true, status: 200 });
  });

  it('degraded, still 200, when the features provider fails; says which', async () => {
    replay.fault('reccobeats', 'http500');
    const { status, body, check } = await health();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'degraded', degraded: true });
    expect(check('upstream-audio-features')).toMatchObject({ ok: false, status: 500 });
    expect(check('upstream-music-api')).toMatchObject({ ok: true });
  });

  it('503 when both upstreams fail', async () => {
    replay.fault('reccobeats', 'reset');
    replay.fault('deezer', 'http500');
    const { status, check } = await health();
    expect(status).toBe(503);
    expect(check('upstream-audio-features')).toMatchObject({ ok: false, status: 0 });
    expect(check('upstream-music-api')).toMatchObject({ ok: false });
  });
});
