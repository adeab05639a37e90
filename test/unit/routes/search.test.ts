/** D15: the search endpoints through `createSleeve()`. */
import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { fold } from '../../../core/text/fold.ts';
import { call, fails, music, ok, q } from '../../helpers/routes/client.ts';
import { chartTracks } from '../../helpers/routes/fixtures.ts';

describe('/search/all', () => {
  it('answers every section ranked by score, topResult the best of them, total the items returned', async () => {
    const [track] = await chartTracks(1);
    const body = await ok(s.searchAllSchema, `/search/all?${q({ query: track!.artist.name })}`);
    expect(body.query).toBe(track!.artist.name);
    expect(body.types).toEqual(['tracks', 'artists', 'albums', 'playlists']);
    const all = [...body.tracks, ...body.artists, ...body.albums, ...body.playlists];
    expect(body.total).toBe(all.length);
    for (const section of [body.tracks, body.artists, body.albums, body.playlists]) {
      expect(section.length).toBeLessThanOrEqual(5);
      expect(section.map((x) => x.score)).toEqual([...section.map((x) => x.score)].sort((a, b) => b - a));
    }
    expect(body.topResult?.score).toBe(Math.max(...all.map((x) => x.score)));
    expect(body.topResult).toMatchObject({ type: 'artist', item: { id: track!.artist.id } });
  });

  it('D15: an exact title outranks more popular near matches', async () => {
    // A charting title's first word: the catalogue holds longer, more popular titles around it.
    const tracks = await chartTracks(50);
    for (const t of tracks) {
      const word = t.title.split(' ')[0]!;
      const exact = (await music.searchTracks(word, { limit: 50 })).find((x) => fold(x.title) === fold(word));
      if (!exact) continue;
      const body = await ok(s.searchAllSchema, `/search/all?${q({ query: word, types: 'tracks', limit: 25 })}`);
      const first = body.tracks[0]!;
      expect(fold(first.name)).toBe(fold(word));
      const nearMatches = body.tracks.filter((x) => fold(x.name) !== fold(word));
      for (const near of nearMatches) expect(first.score).toBeGreaterThan(near.score);
      return;
    }
    throw new Error('no one-word title found to test with');
  });

  it('types narrows the sections; the others stay empty arrays', async () => {
    const body = await ok(s.searchAllSchema, `/search/all?${q({ query: 'love', types: 'albums, Tracks' })}`);
    expect(body.types).toEqual(['tracks', 'albums']);
    expect(body.artists).toEqual([]);
    expect(body.playlists).toEqual([]);
  });

  it('D40: types repeated, as generated clients send an array, is the same list as comma-separated', async () => {
    const joined = await ok(s.searchAllSchema, '/search/all?query=love&types=albums,tracks');
    const repeated = await ok(s.searchAllSchema, '/search/all?query=love&types=albums&types=tracks');
    expect(repeated.types).toEqual(['tracks', 'albums']);
    expect(repeated).toEqual(joined);
    await fails('/search/all?query=love&types=albums&types=songs', 400, 'bad_request', 'types');
    await fails('/search/all?query=love&query=hate', 400, 'bad_request', 'query');
  });

  it('answers 200 with empty sections and a null topResult when nothing matches (D5)', async () => {
    const body = await ok(s.searchAllSchema, '/search/all?query=qqxzvvkj');
    expect(body).toMatchObject({ total: 0, topResult: null, tracks: [], artists: [], albums: [], playlists: [] });
  });

  it('rejects a missing query, an unknown type and an over-long query', async () => {
    await fails('/search/all', 400, 'bad_request', 'query');
    await fails('/search/all?query=%20', 400, 'bad_request', 'query');
    await fails('/search/all?query=x&types=tracks,songs', 400, 'bad_request', 'types');
    await fails(`/search/all?query=${'x'.repeat(201)}`, 400, 'bad_request', 'query');
  });
});

describe('/search/albums, /search/artist, /search/playlists', () => {
  it('albums: an exact album title comes first', async () => {
    const [track] = await chartTracks(1);
    const album = (await music.album(track!.album.id))!;
    const body = await ok(
      s.listOf(s.albumSearchResultSchema),
      `/search/albums?${q({ query: `${album.artist.name} ${album.title}` })}`,
    );
    expect(body[0]).toMatchObject({ id: album.id, title: album.title, artistId: album.artist.id });
  });

  it('artist: matching artists, most fans first', async () => {
    const [track] = await chartTracks(1);
    const word = track!.artist.name.split(' ').at(-1)!;
    const body = await ok(s.listOf(s.artistEntrySchema), `/search/artist?${q({ query: word })}`);
    expect(body.length).toBeGreaterThan(0);
    expect(body.map((a) => a.fans)).toEqual([...body.map((a) => a.fans)].sort((a, b) => b - a));
  });

  it('playlists: user and editorial playlists alike', async () => {
    const genre = (await music.genres()).find((g) => g.id !== 0)!.name;
    const body = await ok(s.listOf(s.playlistResultSchema), `/search/playlists?${q({ query: genre, limit: 50 })}`);
    const pool = await music.searchPlaylists(genre, { limit: 50 });
    // The catalogue's editorial playlists are the ones its editors made.
    const editorial = new Set(pool.filter((p) => p.creator.name === 'Sleeve Editors').map((p) => p.id));
    expect(body.some((p) => editorial.has(p.id))).toBe(true);
    expect(body.some((p) => !editorial.has(p.id))).toBe(true);
  });

  it('empty results are 200 with an empty array; a missing query is 400', async () => {
    for (const path of ['/search/albums', '/search/artist', '/search/playlists']) {
      expect(await call(`${path}?query=qqxzvvkj`)).toMatchObject({ status: 200, body: [] });
      await fails(path, 400, 'bad_request', 'query');
    }
  });
});
