/**
 * D27 and D29 in live mode, over the replay: `/live` and `/listen.mp3` from AzuraCast (the
 * current shape and a 2019 install), and the share cards from Deezer, ReccoBeats and the
 * stand-in of Deezer's image host: the picture's bytes embedded, fetched from that host and
 * no other; what an upstream's failure leaves out, sent `no-store`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sleeve } from '../../../core/index.ts';
import { liveSchema, roadmapSchema } from '../../../core/schemas/responses/index.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { assertWellFormed, expectPng } from '../../helpers/cards/image.ts';
import { call, ok } from '../../helpers/routes/client.ts';
import { disposeSleeves, liveFails, liveSleeve } from '../../helpers/live/live.ts';

const HBFS_ID = 3135556;
const HBFS_ISRC = 'GBDUW0000059';
const DISCOVERY = 302127;
const DAFT_PUNK = 27;

let replay: Replay;
beforeAll(async () => {
  replay = await startReplay();
});
afterEach(() => {
  for (const upstream of ['deezer', 'reccobeats', 'azuracast', 'deezer-images'] as const) replay.fault(upstream, null);
});
afterAll(async () => {
  await disposeSleeves();
  await replay.close();
});

const imagesSleeve = (): Sleeve => liveSleeve(replay, { deezer: { imagesUrl: replay.urlOf('deezer-images') } });

/** As an `<img>` or a crawler asks: no User-Agent. */
async function get(
  sleeve: Sleeve,
  path: string,
): Promise<{ status: number; headers: Headers; bytes: Uint8Array; text: string }> {
  const res = await sleeve.fetch(new Request(`http://sleeve.test${path}`));
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: new TextDecoder().decode(bytes) };
}

describe('/live from AzuraCast (D27)', () => {
  it("is the station's live block as AzuraCast sends it (its numeric-string broadcast_start read as a number)", async () => {
    const body = await ok(liveSchema, '/live', { sleeve: liveSleeve(replay) });
    // The OpenAPI example this station is built from is not live but names a streamer: passed on as sent.
    expect(body).toEqual({
      is_live: false,
      streamer_name: 'DJ Jazzy Jeff',
      broadcast_start: 1591548318,
      art: 'https://picsum.photos/1200/1200',
    });
  });

  it('says so when a streamer goes on air, and when they leave', async () => {
    const on = await fetch(`${replay.urlOf('azuracast')}/__replay/live?station=kenh_2&streamer=Farkie`, {
      method: 'POST',
    });
    expect(on.status).toBe(200);
    const live = await ok(liveSchema, '/live?station=kenh_2', { sleeve: liveSleeve(replay) });
    expect(live).toMatchObject({ is_live: true, streamer_name: 'Farkie', art: null });
    expect(Math.abs(live.broadcast_start! - Date.now() / 1000)).toBeLessThan(30);
    await fetch(`${replay.urlOf('azuracast')}/__replay/live?station=kenh_2`, { method: 'POST' });
    expect(await ok(liveSchema, '/live?station=kenh_2', { sleeve: liveSleeve(replay) })).toEqual({
      is_live: false,
      streamer_name: '',
      broadcast_start: null,
      art: null,
    });
  });

  it('404 for an unknown station, 502 when AzuraCast fails', async () => {
    await liveFails(liveSleeve(replay), '/live?station=nope', 404, 'not_found');
    replay.fault('azuracast', 'http500');
    await liveFails(liveSleeve(replay), '/live', 502, 'upstream_error');
  });
});

describe('/listen.mp3 from AzuraCast (D27)', () => {
  it("302 to the default mount's URL, for the current shape and for a 2019 install; no User-Agent needed, no-store", async () => {
    const sleeve = liveSleeve(replay);
    const current = await get(sleeve, '/listen.mp3');
    expect([current.status, current.headers.get('location'), current.headers.get('cache-control')]).toEqual([
      302,
      'http://localhost:8000/radio.mp3',
      'no-store',
    ]);
    const old = await get(sleeve, '/listen.mp3?station=kenh_2');
    expect([old.status, old.headers.get('location')]).toEqual([
      302,
      'http://35.240.185.246/radio/8010/radio.mp3?1576062843',
    ]);
  });

  it('404 for an unknown station, 502 when AzuraCast fails', async () => {
    await liveFails(liveSleeve(replay), '/listen.mp3?station=nope', 404, 'not_found');
    replay.fault('azuracast', 'http500');
    await liveFails(liveSleeve(replay), '/listen.mp3', 502, 'upstream_error');
  });
});

describe('share cards from Deezer, ReccoBeats and the image host (D29)', () => {
  const imageHost = () => replay.calls.filter((c) => c.upstream === 'deezer-images');
  const hosts = () => new Set(replay.calls.map((c) => c.upstream));

  it("a track's card: its title, artist, album, ReccoBeats' key and tempo, and the cover's bytes from the image host", async () => {
    replay.reset();
    const sleeve = imagesSleeve();
    const svg = await get(sleeve, `/share/card?id=${HBFS_ID}&format=svg`);
    expect(svg.status).toBe(200);
    assertWellFormed(svg.text);
    expect(svg.text).toContain('>Harder, Better,</text>');
    expect(svg.text).toContain('>Faster, Stronger</text>');
    expect(svg.text).toContain('>Daft Punk<');
    expect(svg.text).toContain('D Major · 123 BPM · 3:44');
    expect(svg.text).toMatch(/<image [^>]*href="data:image\/jpeg;base64,\/9j\//);
    expect(svg.text).not.toMatch(/href="(?!data:)/);
    expect(svg.text).not.toContain('Demo data');
    expect(svg.headers.get('cache-control')).toBe('public, max-age=604800');
    expect(imageHost().map((c) => c.path)).toEqual([expect.stringMatching(/^\/images\/cover\/[0-9a-f]{32}\/500x500-/)]);
    expect([...hosts()].sort()).toEqual(['deezer', 'deezer-images', 'reccobeats']);
    const byIsrc = await get(sleeve, `/share/card?isrc=${HBFS_ISRC}&format=svg`);
    expect(byIsrc.text).toBe(svg.text);
    expectPng((await get(sleeve, `/share-card?id=${HBFS_ID}`)).bytes, 1200, 630);
  });

  it('/og of an album and an artist, the artist round', async () => {
    const sleeve = imagesSleeve();
    const album = await get(sleeve, `/og?type=album&id=${DISCOVERY}&format=svg`);
    assertWellFormed(album.text);
    expect(album.text).toContain('>Discovery<');
    const artist = await get(sleeve, `/og?type=artist&id=${DAFT_PUNK}&format=svg`);
    assertWellFormed(artist.text);
    expect(artist.text).toContain('>Daft Punk<');
    expect(artist.text).toMatch(/<clipPath id="card-pic"><circle /);
    expectPng((await get(sleeve, `/og?type=album&id=${DISCOVERY}`)).bytes, 1200, 630);
  });

  it('without ReccoBeats the card has no key or tempo and is not kept (no-store); without the image host, the placeholder', async () => {
    replay.fault('reccobeats', 'http500');
    const noFeatures = await get(imagesSleeve(), `/share/card?id=${HBFS_ID}&format=svg`);
    expect(noFeatures.status).toBe(200);
    expect(noFeatures.text).not.toContain('BPM');
    expect(noFeatures.text).toContain('3:44');
    expect(noFeatures.headers.get('cache-control')).toBe('no-store');
    replay.fault('reccobeats', null);
    replay.fault('deezer-images', 'http500');
    const noPicture = await get(imagesSleeve(), `/share/card?id=${HBFS_ID}&format=svg`);
    expect(noPicture.status).toBe(200);
    expect(noPicture.text).not.toContain('<image');
    expect(noPicture.text).toContain('♪');
    expect(noPicture.headers.get('cache-control')).toBe('no-store');
  });

  it('404 for an unknown track or album; Deezer failing is a 502', async () => {
    await liveFails(imagesSleeve(), '/share/card?isrc=ZZ0000000000', 404, 'not_found');
    await liveFails(imagesSleeve(), '/og?type=album&id=1', 404, 'not_found');
    replay.fault('deezer', 'http500');
    const { status } = await call(`/share/card?id=${HBFS_ID}`, { sleeve: imagesSleeve() });
    expect(status).toBe(502);
  });
});

describe('/roadmap in live mode (D28)', () => {
  it('is the same roadmap as demo mode: versions and endpoints do not depend on the upstreams', async () => {
    const live = await ok(roadmapSchema, '/roadmap', { sleeve: liveSleeve(replay) });
    expect(live).toEqual(await ok(roadmapSchema, '/roadmap'));
    expect(live.everyVersion.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/lyrics', '/listen.mp3', '/ai/track-insights']),
    );
  });
});
