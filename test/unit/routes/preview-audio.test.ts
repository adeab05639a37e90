/**
 * D22: in demo mode `/track/preview` redirects to the clip Sleeve synthesises,
 * `/media/previews/<id>.wav`: public, cached for good with an ETag, marked as generated.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { toneOf, toneTag } from '../../../core/services/media/preview-audio.ts';
import type { TrackHit } from '../../../core/domain/music.ts';
import { call, fails, sleeve } from '../../helpers/routes/client.ts';
import { trackWithFeatures, trackWithoutIsrc } from '../../helpers/routes/fixtures.ts';
import { UA } from '../../helpers/user-agent.ts';

let track: TrackHit;
beforeAll(async () => {
  track = await trackWithFeatures();
});

const fetchRaw = (path: string, headers: Record<string, string> = {}) =>
  sleeve.fetch(new Request(`http://sleeve.test${path}`, { headers }));

describe('demo previews', () => {
  it("/track/preview redirects to the track's generated clip, never to the catalogue's placeholder host", async () => {
    const res = await fetchRaw(`/track/preview?id=${track.id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`http://sleeve.test/media/previews/${track.id}.wav`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("the clip is a WAV of the track's own tone, public (no User-Agent), cached a year, marked as generated", async () => {
    const res = await fetchRaw(`/media/previews/${track.id}.wav`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-sleeve-generated')).toMatch(/demo tone/);
    const features = (await sleeve.deps.drivers.features.features([track.isrc!])).get(track.isrc!)!;
    expect(res.headers.get('etag')).toBe(toneTag(toneOf(features, track.id)));
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(String.fromCharCode(...bytes.slice(0, 4))).toBe('RIFF');
    expect(bytes.length).toBeLessThan(50_000);
  });

  it('answers 304 to the ETag it gave', async () => {
    const etag = (await fetchRaw(`/media/previews/${track.id}.wav`)).headers.get('etag')!;
    const again = await fetchRaw(`/media/previews/${track.id}.wav`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('a track without an ISRC (so without features) still gets a clip', async () => {
    const bare = await trackWithoutIsrc();
    const res = await fetchRaw(`/media/previews/${bare.id}.wav`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(toneTag(toneOf(null, bare.id)));
  });

  it('404 for an unknown track or a name that is not <id>.wav; never batchable', async () => {
    await fails('/media/previews/999999999.wav', 404, 'not_found');
    await fails(`/media/previews/${track.id}.mp3`, 404, 'not_found');
    await fails('/track/preview?id=999999999', 404, 'not_found');
    const res = await sleeve.fetch(
      new Request('http://sleeve.test/batch', {
        method: 'POST',
        headers: { 'user-agent': UA, 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [{ path: `/media/previews/${track.id}.wav` }] }),
      }),
    );
    expect((await res.json()).responses[0].status).toBe(400);
  });

  it('live sources keep their own previews: no clip is generated for them', async () => {
    const { createSleeve } = await import('../../../core/index.ts');
    const music = { ...sleeve.deps.drivers.music, generatedPreviews: false };
    const other = createSleeve({ rateLimits: 'off', log: { info() {}, error() {} }, sources: { music } });
    const { status } = await call(`/media/previews/${track.id}.wav`, { sleeve: other });
    expect(status).toBe(404);
    const res = await other.fetch(new Request(`http://sleeve.test/track/preview?id=${track.id}`));
    expect(res.headers.get('location')).toBe(track.previewUrl);
  });
});
