/**
 * When the audio-features provider fails, tracks are answered without features, and such an
 * answer is never cached (docs/live-mode.md): the next caller tries the provider again.
 */
import { describe, expect, it } from 'vitest';
import { upstreamError } from '../../../core/errors.ts';
import type { FeaturesDriver } from '../../../core/drivers/contracts/features.ts';
import { call, makeSleeve, UA } from '../../helpers/routes/client.ts';
import { trackWithFeatures } from '../../helpers/routes/fixtures.ts';

function failingFeatures(): FeaturesDriver & { calls: number } {
  const source = {
    name: 'down',
    calls: 0,
    probe: async () => ({ ok: false, status: 0 }),
    async features() {
      source.calls++;
      throw upstreamError('reccobeats', 'answered HTTP 503');
    },
  };
  return source;
}

describe('features provider down', () => {
  it('/track/isrc and /track/info answer the track with audioFeatures null, no-store, logged once per answer', async () => {
    const features = failingFeatures();
    const logs: string[] = [];
    const sleeve = makeSleeve({
      sources: { features },
      log: { info: (m) => void logs.push(m), error: (m) => void logs.push(m) },
    });
    const track = await trackWithFeatures();
    for (let round = 0; round < 2; round++) {
      const { status, headers, body } = await call(`/track/isrc?isrc=${track.isrc}`, { sleeve });
      expect(status).toBe(200);
      expect(body).toMatchObject({ found: true, isrc: track.isrc, audioFeatures: null });
      expect(headers.get('cache-control')).toBe('no-store');
      expect(headers.get('x-cache')).toBe('MISS');
    }
    // Not cached: the provider was asked both times.
    expect(features.calls).toBe(2);
    expect(logs.filter((m) => m.startsWith('answered without audio features'))).toHaveLength(2);
    expect(logs.some((m) => m.includes('internal'))).toBe(false);
    const info = await call(
      `/track/info?artist=${encodeURIComponent(track.artist.name)}&title=${encodeURIComponent(track.title)}`,
      { sleeve },
    );
    expect(info.body).toMatchObject({ found: true, audioFeatures: null });
    expect(info.headers.get('cache-control')).toBe('no-store');
  });

  it('/playlist/generate with an energy target keeps every track (rule 1) and is not cached', async () => {
    const features = failingFeatures();
    const sleeve = makeSleeve({ sources: { features } });
    const res = await sleeve.fetch(
      new Request('http://sleeve.test/playlist/generate?genres=pop&energy=0.9&limit=10', {
        headers: { 'user-agent': UA },
      }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).tracks.length).toBe(10);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a healthy provider: the same answer is cached as usual', async () => {
    const sleeve = makeSleeve();
    const track = await trackWithFeatures();
    await call(`/track/isrc?isrc=${track.isrc}`, { sleeve });
    const again = await call(`/track/isrc?isrc=${track.isrc}`, { sleeve });
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.body.audioFeatures).not.toBeNull();
  });
});
