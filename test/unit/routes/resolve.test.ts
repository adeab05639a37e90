/**
 * `/resolve` in demo mode (D11): Deezer-form links name the catalogue's ids; SoundCloud and
 * Apple links are matched by the words of their slugs; a link only its platform could
 * describe (Spotify, YouTube) is a 404 saying what was understood. And `/playlist/info`,
 * `/album/tracks` on the catalogue.
 */
import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { fold } from '../../../core/text/fold.ts';
import { call, fails, music, ok, q } from '../../helpers/routes/client.ts';
import { chartTracks } from '../../helpers/routes/fixtures.ts';

const slug = (name: string) => fold(name).replace(/ /g, '-');
const resolve = (url: string) => `/resolve?${q({ url })}`;

describe('/resolve in demo mode', () => {
  it('a Deezer track, album, artist and playlist link resolves to that catalogue item', async () => {
    const [track] = await chartTracks(1);
    const t = await ok(s.resolveSchema, resolve(`https://www.deezer.com/fr/track/${track!.id}?utm_source=x`));
    expect(t).toMatchObject({ type: 'track', source: 'deezer', data: { found: true, id: track!.id } });
    const album = await ok(s.resolveSchema, resolve(`https://deezer.com/album/${track!.album.id}`));
    expect(album).toMatchObject({ type: 'album', data: { id: track!.album.id } });
    const artist = await ok(s.resolveSchema, resolve(`https://www.deezer.com/artist/${track!.artist.id}`));
    expect(artist).toMatchObject({ type: 'artist', data: { id: track!.artist.id, name: track!.artist.name } });
    const [playlist] = await music.searchPlaylists('mix', { limit: 1 });
    const p = await ok(s.resolveSchema, resolve(`https://www.deezer.com/playlist/${playlist!.id}`));
    expect(p).toMatchObject({ type: 'playlist', data: { id: playlist!.id, title: playlist!.title } });
  });

  it('two spellings of one link share one cache entry (keyed on source, type and id)', async () => {
    const track = (await chartTracks(3))[2];
    await call(resolve(`https://www.deezer.com/track/${track!.id}`));
    const again = await call(resolve(` https://deezer.com/en/track/${track!.id}/?utm_medium=web `));
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.body.originalUrl).toBe(`https://www.deezer.com/track/${track!.id}`);
  });

  it('a SoundCloud track link resolves by the words of its slug', async () => {
    const track = (await chartTracks(20)).find((t) => /^[a-z ]+$/i.test(fold(t.title)) && fold(t.title).length > 4)!;
    const body = await ok(
      s.resolveSchema,
      resolve(`https://soundcloud.com/${slug(track.artist.name)}/${slug(track.title)}?in=someone/sets/x`),
    );
    expect(body).toMatchObject({ type: 'track', source: 'soundcloud', data: { found: true } });
    expect(fold((body.data as { name: string }).name)).toBe(fold(track.title));
  });

  it('an Apple album link resolves by its slug', async () => {
    const [track] = await chartTracks(1);
    const album = (await music.album(track!.album.id))!;
    const body = await ok(s.resolveSchema, resolve(`https://music.apple.com/us/album/${slug(album.title)}/123456789`));
    expect(body).toMatchObject({ type: 'album', source: 'apple-music', data: { id: album.id } });
  });

  it('a slug below the match threshold is a 404, never a wrong item', async () => {
    const [track] = await chartTracks(1);
    const { status, body } = await call(
      resolve(`https://soundcloud.com/${slug(track!.artist.name)}/zzqx-nothing-like-it-qqzz`),
    );
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ code: 'not_found', source: 'soundcloud', type: 'track' });
  });

  it('a Spotify link needs Spotify: 404 with source, type and id', async () => {
    const { status, body } = await call(
      resolve('https://open.spotify.com/intl-fr/track/6rqhFgbbKwnb9MLmUQDhG6?si=abc'),
    );
    expect(status).toBe(404);
    expect(body.error).toEqual(
      expect.objectContaining({ code: 'not_found', source: 'spotify', type: 'track', id: '6rqhFgbbKwnb9MLmUQDhG6' }),
    );
  });

  it("a real link's 404 says demo mode resolves only its own catalogue, and shows a link that resolves (issue #44)", async () => {
    for (const link of [
      'https://open.spotify.com/track/6rqhFgbbKwnb9MLmUQDhG6',
      'https://www.deezer.com/track/3135556',
    ]) {
      const { status, body } = await call(resolve(link));
      expect(status, link).toBe(404);
      expect(body.error.message, link).toMatch(/Demo mode resolves only links to its own generated catalogue/);
      const shown = /https:\/\/www\.deezer\.com\/track\/\d+/.exec(body.error.message)?.[0];
      expect(shown, link).toBeDefined();
      expect((await call(resolve(shown!))).status, shown).toBe(200);
    }
  });

  it('bad links are 400 naming url: other hosts, schemes, credentials, IPs, other platforms', async () => {
    for (const url of [
      'https://open.spotify.com.evil.test/track/x',
      'javascript:alert(1)',
      'https://user@deezer.com@evil.test/',
      'http://127.0.0.1:8080/track/1',
      'https://tidal.com/browse/track/1',
      '',
    ]) {
      await fails(resolve(url), 400, 'bad_request', 'url');
    }
    const { body } = await call(resolve('https://tidal.com/browse/track/1'));
    expect(body.error.message).toMatch(/spotify|Spotify/);
  });

  it('a link of a known type with an id of the wrong form says so, not that it names nothing (issue #37)', async () => {
    await fails(resolve('https://open.spotify.com/artist/1361'), 400, 'bad_request', 'url');
    const { body } = await call(resolve('https://open.spotify.com/artist/1361'));
    expect(body.error.message).toMatch(
      /^url is a Spotify artist link, but "1361" is not a Spotify artist id: 22 letters and digits/,
    );
  });
});

describe('/playlist/info and /album/tracks in demo mode', () => {
  it('/playlist/info: D11 shape, every track, related-track objects', async () => {
    const [playlist] = await music.searchPlaylists('mix', { limit: 1 });
    const body = await ok(s.playlistInfoSchema, `/playlist/info?id=${playlist!.id}`);
    expect(body).toMatchObject({ id: playlist!.id, title: playlist!.title, trackCount: playlist!.trackCount });
    expect(body.tracks).toHaveLength(playlist!.trackCount);
    await fails('/playlist/info?id=1999999999', 404, 'not_found');
    await fails('/playlist/info', 400, 'bad_request', 'id');
  });

  it('/album/tracks: the whole tracklist with ISRCs, positions and credits, by id or query', async () => {
    const [track] = await chartTracks(1);
    const body = await ok(s.albumTracklistSchema, `/album/tracks?id=${track!.album.id}`);
    expect(body.tracks.map((t) => t.id)).toContain(track!.id);
    expect(body.tracks.find((t) => t.id === track!.id)).toMatchObject({
      isrc: track!.isrc,
      durationMs: track!.durationMs,
    });
    expect(body.tracks.map((t) => t.trackNumber)).toEqual(
      [...body.tracks.map((t) => t.trackNumber)].sort((a, b) => a - b),
    );
    const byQuery = await ok(
      s.albumTracklistSchema,
      `/album/tracks?${q({ query: `${track!.artist.name} ${track!.album.title}` })}`,
    );
    expect(byQuery.id).toBe(track!.album.id);
    await fails('/album/tracks', 400, 'bad_request', 'id');
  });
});
