/** D14 images: `/cover`, `/artistimage` and `/media/images/...`, public, deterministic, long-cached. */
import { describe, expect, it } from 'vitest';
import { nowPlayingSchema } from '../../core/schemas/responses/index.ts';
import { call, sleeve as shared, music, ok } from './_client.ts';
import { chartTracks } from './_fixtures.ts';

/** Images load in `<img>` tags: no User-Agent at all (D2). */
async function image(path: string) {
  const res = await shared.fetch(new Request(`http://sleeve.test${path}`));
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), body: await res.text() };
}

const pathOf = (url: string) => url.slice(new URL(url).origin.length);

describe('/cover', () => {
  it("draws the cover a track's shape points to, the same every time, cached for a year", async () => {
    const [track] = await chartTracks(1);
    const { body } = await call(`/track/isrc?isrc=${track!.isrc}`);
    const first = await image(pathOf(body.album.cover));
    expect(first).toMatchObject({ status: 200, type: expect.stringMatching(/^image\/svg\+xml/), cache: expect.stringContaining('max-age=31536000') });
    expect(first.body).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((await image(pathOf(body.album.cover))).body).toBe(first.body);
  });

  it("draws the radio's song art too, and different names draw different art", async () => {
    const np = await ok(nowPlayingSchema, '/nowplaying');
    expect(np.now_playing.song.art).toMatch(/^https?:\/\/[^/]+\/cover\?/);
    const art = await image(pathOf(np.now_playing.song.art));
    expect(art.status).toBe(200);
    const [a, b] = await chartTracks(2);
    const coverOf = async (t: typeof a) => (await image(`/cover?artist=${encodeURIComponent(t!.artist.name)}&title=${encodeURIComponent(t!.album.title)}`)).body;
    if (a!.album.id !== b!.album.id) expect(await coverOf(a)).not.toBe(await coverOf(b));
  });

  it('404 with a placeholder SVG for an unknown pair, 400 without names', async () => {
    const [track] = await chartTracks(1);
    const unknown = await image(`/cover?artist=${encodeURIComponent(track!.artist.name)}&title=Qqxzv%20Nothing`);
    expect(unknown).toMatchObject({ status: 404, type: expect.stringMatching(/^image\/svg\+xml/) });
    expect(unknown.body).toContain('<svg');
    expect((await image('/cover?artist=x')).status).toBe(400);
  });
});

describe('/artistimage and /media/images', () => {
  it('draws a known artist and a placeholder 404 for an unknown id', async () => {
    const [track] = await chartTracks(1);
    const known = await image(`/artistimage?id=${track!.artist.id}`);
    expect(known).toMatchObject({ status: 200, type: expect.stringMatching(/^image\/svg\+xml/), cache: expect.stringContaining('immutable') });
    expect((await image('/artistimage?id=999999999')).status).toBe(404);
    expect((await image('/artistimage?id=abc')).status).toBe(400);
  });

  it('serves the genre images the genre list points to, and playlist covers', async () => {
    const genres = (await call('/editorial/genres')).body as { id: number; image: string }[];
    for (const genre of genres.slice(0, 3)) expect((await image(pathOf(genre.image))).status).toBe(200);
    expect((await image('/media/images/genre/999999.svg')).status).toBe(404);
    const [playlist] = await music.searchPlaylists('mix', { limit: 1 });
    expect((await image(`/media/images/playlist/${playlist!.id}.svg`)).status).toBe(200);
    expect((await image('/media/images/other/1.svg')).status).toBe(404);
  });
});
