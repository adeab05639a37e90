/** `POST /batch` with issue #5's endpoints: each runs once through `POST /batch`, answering its own schema. */
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as s from '../../core/schemas/responses/index.ts';
import { valid } from '../shape/_valid.ts';
import { music, q, sleeve, UA } from './_client.ts';
import { chartTracks } from './_fixtures.ts';

async function postBatch(requests: { id: string; path: string }[]) {
  const res = await sleeve.fetch(
    new Request('http://sleeve.test/batch', {
      method: 'POST',
      headers: { 'user-agent': UA, 'content-type': 'application/json' },
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
});
