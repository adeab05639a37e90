/**
 * `/resolve` in live mode over the replay (D11): each platform's link to Deezer's item, exact by
 * ISRC or UPC where the platform gives one (Spotify with credentials), else matched by title,
 * artist and duration; short links followed through D11's hosts only; nothing matched is a 404
 * saying what was understood; `/playlist/info` and `/album/tracks` from Deezer.
 */
import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { call, ok, q } from '../../helpers/routes/client.ts';
import { disposeSleeves, liveSleeve } from '../../helpers/live/live.ts';
import { replayOnLoopback } from '../../helpers/replay.ts';

const replay = replayOnLoopback({}, disposeSleeves);

const resolve = (url: string) => `/resolve?${q({ url })}`;
const resolved = async (url: string, credentials = false) => {
  const sleeve = liveSleeve(
    replay,
    credentials
      ? { links: { ...replay.options.links, spotifyClientId: 'replayclient1', spotifyClientSecret: 'replaysecret1' } }
      : {},
  );
  return ok(s.resolveSchema, resolve(url), { sleeve });
};
const dataId = (body: { data: unknown }) => (body.data as { id: number }).id;

describe('/resolve in live mode', () => {
  it.each([
    [
      'a Spotify track (keyless: title, artist, duration)',
      'https://open.spotify.com/intl-de/track/2plbrEY59IikOBgBGLjaoe?si=x',
      'track',
      2947516331,
    ],
    ['a Spotify album', 'https://open.spotify.com/album/2noRn2Aes5aoNVsU6iWThc', 'album', 302127],
    ['a Spotify artist', 'https://open.spotify.com/artist/4tZwfgrHOc3mvqYlEYSvVi', 'artist', 27],
    ['an Apple song', 'https://music.apple.com/fr/song/x/9990000004', 'track', 3135556],
    ['a YouTube video', 'https://youtu.be/gAjR4_CbPpQ', 'track', 3135556],
    [
      'a YouTube Music album',
      'https://music.youtube.com/playlist?list=OLAK5uy_SleeveIllustrativeDiscovery01',
      'album',
      302127,
    ],
    [
      'a SoundCloud track (no duration)',
      'https://soundcloud.com/daftpunk/harder-better-faster-stronger?in=x/sets/y',
      'track',
      3135556,
    ],
    ['a Deezer short link through two hops', 'https://deezer.page.link/TwoHops01', 'track', 3135556],
    ['a SoundCloud short link', 'https://on.soundcloud.com/HbfsSc01', 'track', 3135556],
  ])("%s resolves to Deezer's item", async (_name, url, type, id) => {
    const body = await resolved(url);
    expect(body.type).toBe(type);
    expect(dataId(body)).toBe(id);
  });

  it('with Spotify credentials a track matches exactly by ISRC, an album by UPC (zeros padded differently)', async () => {
    const track = await resolved('https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe', true);
    expect(track.data).toMatchObject({ id: 2947516331, isrc: 'USUM72409273' });
    const album = await resolved('https://open.spotify.com/album/10FLjwfpbxLmW8c25Xyc2N', true);
    expect(album).toMatchObject({ type: 'album', data: { id: 629506181, upc: '602475093060' } });
  });

  it('a link the music source has no counterpart for is a 404 with source, type and id, never a near item', async () => {
    const sleeve = liveSleeve(replay);
    const { status, body } = await call(resolve('https://open.spotify.com/track/3n3Ppam7vgaVa1iaRUc9Lp'), { sleeve });
    expect(status).toBe(404);
    expect(body.error).toEqual(
      expect.objectContaining({ code: 'not_found', source: 'spotify', type: 'track', id: '3n3Ppam7vgaVa1iaRUc9Lp' }),
    );
    // Queen is there, but no album of that title: an artist match alone is no album match.
    expect(
      (
        await call(resolve('https://music.apple.com/gb/album/a-night-at-the-opera-deluxe-edition/1441458047'), {
          sleeve,
        })
      ).status,
    ).toBe(404);
  });

  it('a short link that leads off the allowed hosts is a 404, and that host is never asked', async () => {
    const sleeve = liveSleeve(replay);
    replay.reset();
    const { status, body } = await call(resolve('https://dzr.page.link/Hop4a'), { sleeve });
    expect([404]).toContain(status);
    expect(body.error).toMatchObject({ code: 'not_found', source: 'deezer' });
    expect(replay.calls.every((c) => c.upstream === 'short-links')).toBe(true);
  });

  it('the platform failing is a 502, not a 404 or a 500', async () => {
    replay.fault('spotify', 'http500');
    try {
      const { status, body } = await call(resolve('https://open.spotify.com/track/5W3cjX2J3tjhG8zb6u0qHn'), {
        sleeve: liveSleeve(replay),
      });
      expect(status).toBe(502);
      expect(body.error.code).toBe('upstream_error');
    } finally {
      replay.fault('spotify', null);
    }
  });
});

describe('/playlist/info and /album/tracks in live mode', () => {
  it('/playlist/info pages through all 102 tracks of a recorded playlist, D11 shape', async () => {
    const body = await ok(s.playlistInfoSchema, '/playlist/info?id=9200461', {
      sleeve: liveSleeve(replay, { deezer: { pageSize: 25 } }),
    });
    expect(body).toMatchObject({ id: 9200461, title: 'Lounge Soirée', trackCount: 102 });
    expect(body.tracks.length).toBeGreaterThan(25);
  });

  it('/album/tracks: 40 tracks with ISRCs and positions, through two pages', async () => {
    const body = await ok(s.albumTracklistSchema, '/album/tracks?id=999000040', {
      sleeve: liveSleeve(replay, { deezer: { pageSize: 25 } }),
    });
    expect(body.trackCount).toBe(40);
    expect(body.tracks.map((t) => t.trackNumber)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(body.tracks[0]).toMatchObject({ isrc: 'USSM12103949', discNumber: 1 });
  });
});
