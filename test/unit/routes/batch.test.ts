/** `POST /batch` with issue #5's endpoints: each runs once through `POST /batch`, answering its own schema. */
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { valid } from '../../helpers/shape/valid.ts';
import type { Sleeve } from '../../../core/index.ts';
import { makeSleeve, music, q, sleeve, UA } from '../../helpers/routes/client.ts';
import { chartTracks } from '../../helpers/routes/fixtures.ts';

async function postBatch(
  requests: { id: string; path: string }[],
  init: { sleeve?: Sleeve; headers?: Record<string, string> } = {},
) {
  const res = await (init.sleeve ?? sleeve).fetch(
    new Request('http://sleeve.test/batch', {
      method: 'POST',
      headers: { 'user-agent': UA, 'content-type': 'application/json', ...init.headers },
      body: JSON.stringify({ requests }),
    }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as {
    count: number;
    failed: number;
    responses: Record<string, { status: number; body: unknown }>;
  };
}

describe('every metadata and radio endpoint through /batch', () => {
  it('answers each sub-request 200 with a body matching its schema', async () => {
    const [track] = await chartTracks(1);
    const album = (await music.album(track!.album.id))!;
    const artist = track!.artist;
    const isrc = track!.isrc!;
    const cases: [string, string, v.GenericSchema<any>][] = [
      ['searchAll', `/search/all?${q({ query: artist.name })}`, s.searchAllSchema],
      ['searchAlbums', `/search/albums?${q({ query: album.title })}`, s.listOf(s.albumSearchResultSchema)],
      ['searchArtist', `/search/artist?${q({ query: artist.name })}`, s.listOf(s.artistEntrySchema)],
      ['searchPlaylists', '/search/playlists?query=mix', s.listOf(s.playlistResultSchema)],
      ['discography', `/artist/discography?id=${artist.id}`, s.discographySchema],
      ['topTracks', `/artist/top-tracks?id=${artist.id}`, s.listOf(s.topTrackSchema)],
      ['similar', `/artist/similar?id=${artist.id}`, s.listOf(s.artistEntrySchema)],
      ['artistInfo', `/artist/info?${q({ artist: artist.name })}`, s.fullArtistSchema],
      ['related', `/track/related?isrc=${isrc}`, s.listOf(s.relatedTrackSchema)],
      ['trackInfo', `/track/info?${q({ artist: artist.name, title: track!.title })}`, s.infoTrackSchema],
      ['trackIsrc', `/track/isrc?isrc=${isrc}`, s.isrcTrackSchema],
      ['hot', '/track/hot', s.hotTracksSchema],
      ['hotAlias', '/hot-tracks?limit=3', s.hotTracksSchema],
      ['albumInfo', `/album/info?id=${album.id}`, s.fullAlbumSchema],
      ['newReleases', '/album/new-releases', s.listOf(s.newReleaseSchema)],
      ['generate', '/playlist/generate?genres=Pop', s.generatedPlaylistSchema],
      ['genres', '/editorial/genres', s.listOf(s.genreSchema)],
      ['nowplaying', '/nowplaying', s.nowPlayingSchema],
    ];
    const body = await postBatch(cases.map(([id, path]) => ({ id, path })));
    expect(body).toMatchObject({ count: cases.length, failed: 0 });
    for (const [id, , schema] of cases) {
      expect(body.responses[id]?.status, id).toBe(200);
      valid(schema, body.responses[id]!.body);
    }
  });

  it('refuses the images and the socket, each with its own 400', async () => {
    const [track] = await chartTracks(1);
    const paths = [
      `/cover?${q({ artist: track!.artist.name, title: track!.album.title })}`,
      `/artistimage?id=${track!.artist.id}`,
      '/media/images/genre/0.svg',
      '/nowplaying/socket',
    ];
    const body = await postBatch(paths.map((path, i) => ({ id: String(i), path })));
    expect(Object.values(body.responses).map((r) => r.status)).toEqual([400, 400, 400, 400]);
  });

  it('judges each path as the router routes it: an escaped spelling of a refused path is refused (D58)', async () => {
    const withAll = makeSleeve({ metrics: true, status: true });
    const paths = ['/%63over?artist=a&title=b', '/%6detrics', '/%73tatus/feed', '/v2.5.0/%6detrics', '/%62atch'];
    const body = await postBatch(
      paths.map((path, i) => ({ id: String(i), path })),
      { sleeve: withAll },
    );
    for (const [i, path] of paths.entries()) {
      const entry = body.responses[String(i)] as { status: number; body: { error: { code: string; message: string } } };
      expect([entry.status, entry.body.error.code], path).toEqual([400, 'bad_request']);
      expect(entry.body.error.message, path).toMatch(/^\/[a-z/]+ cannot be batched$/);
    }
    // The plain spellings answer the same.
    const plain = await postBatch([{ id: 'm', path: '/metrics' }], { sleeve: withAll });
    expect(plain.responses.m!.status).toBe(400);
  });

  it('never waits on a stream: the socket asked as events, escaped or not, answers at once (D58)', async () => {
    const asked = postBatch(
      [
        { id: 'escaped', path: '/nowplaying/%73ocket' },
        { id: 'plain', path: '/nowplaying/socket' },
        { id: 'now', path: '/nowplaying' },
      ],
      { headers: { accept: 'text/event-stream' } },
    );
    // A bound a busy machine cannot reach: before, this batch never answered at all.
    let stop = () => {};
    const hung = new Promise<'hung'>((resolve) => {
      const timer = setTimeout(() => resolve('hung'), 10_000);
      stop = () => clearTimeout(timer);
    });
    const first = await Promise.race([asked, hung]);
    stop();
    expect(first).not.toBe('hung');
    const body = await asked;
    expect([body.responses.escaped!.status, body.responses.plain!.status, body.responses.now!.status]).toEqual([
      400, 400, 200,
    ]);
  });
});
