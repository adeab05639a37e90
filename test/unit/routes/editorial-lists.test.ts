/**
 * D21: `/genre/chart`, `/editorial/selection` and `/editorial/charts` in demo
 * mode, each against the catalogue's own records (genres, popularity, fans, editors' playlists).
 */
import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { call, fails, makeSleeve, music, ok, sleeve, UA } from '../../helpers/routes/client.ts';
import { chartTracks } from '../../helpers/routes/fixtures.ts';

const ELECTRO = { id: 106, name: 'Electro', image: 'http://sleeve.test/media/images/genre/106.svg' };
const positions = (list: readonly { position: number }[]): number[] => list.map((item) => item.position);
const numbered = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

describe('/genre/chart', () => {
  it("a genre's tracks, most popular first, numbered", async () => {
    const body = await ok(s.genreChartSchema, '/genre/chart?id=106&limit=30');
    expect(body.genre).toEqual(ELECTRO);
    expect(body.tracks.length).toBe(30);
    expect(positions(body.tracks)).toEqual(numbered(30));
    const expected = await music.genreTracks('Electro', { limit: 30 });
    expect(body.tracks.map((t) => t.id)).toEqual(expected.map((t) => t.id));
  });

  it('id 0 (All) is the global chart; limit defaults to 25', async () => {
    const body = await ok(s.genreChartSchema, '/genre/chart?id=0');
    expect(body.genre.name).toBe('All');
    expect(body.tracks.map((t) => t.id)).toEqual((await chartTracks(25)).map((t) => t.id));
  });

  it('404 for an id that is no genre; 400 for a missing or bad id or limit', async () => {
    await fails('/genre/chart?id=999', 404, 'not_found');
    await fails('/genre/chart', 400, 'bad_request', 'id');
    await fails('/genre/chart?id=rock', 400, 'bad_request', 'id');
    await fails('/genre/chart?id=-1', 400, 'bad_request', 'id');
    await fails('/genre/chart?id=106&limit=0', 400, 'bad_request', 'limit');
    await fails('/genre/chart?id=106&limit=101', 400, 'bad_request', 'limit');
  });
});

describe('/editorial/selection', () => {
  it("the editors' picks of a genre: its albums, one per artist (the order: test/unit/drivers/catalog/editorial.test.ts)", async () => {
    const body = await ok(s.editorialSelectionSchema, '/editorial/selection?id=106&limit=20');
    expect(body.editorial).toEqual(ELECTRO);
    expect(body.albums.length).toBe(20);
    expect(new Set(body.albums.map((a) => a.artist.id)).size).toBe(20);
    for (const a of body.albums) expect((await music.album(a.id))?.genreId).toBe(106);
    expect(body.albums.map((a) => a.id)).toEqual(
      (await music.editorialSelection!(106, { limit: 20 })).map((a) => a.id),
    );
  });

  it('id 0 (the default) picks from every genre; the same answer every time', async () => {
    const body = await ok(s.editorialSelectionSchema, '/editorial/selection');
    expect(body.editorial.id).toBe(0);
    expect(body.albums.length).toBe(25);
    expect(new Set(body.albums.map((a) => a.id)).size).toBe(25);
    expect(await ok(s.editorialSelectionSchema, '/editorial/selection?id=0')).toEqual(body);
  });

  it('404 for an unknown editorial; 400 for a bad id or limit', async () => {
    await fails('/editorial/selection?id=999', 404, 'not_found');
    await fails('/editorial/selection?id=pop', 400, 'bad_request', 'id');
    await fails('/editorial/selection?limit=51', 400, 'bad_request', 'limit');
  });
});

describe('/editorial/charts', () => {
  it("a genre's four charts: its tracks by popularity, albums and artists by fans, editors' playlists", async () => {
    const body = await ok(s.editorialChartsSchema, '/editorial/charts?id=106&limit=8');
    expect(body.editorial).toEqual(ELECTRO);
    expect(body.tracks.map((t) => t.id)).toEqual((await music.genreTracks('Electro', { limit: 8 })).map((t) => t.id));
    for (const list of [body.tracks, body.albums, body.artists]) {
      expect(list.length).toBe(8);
      expect(positions(list)).toEqual(numbered(8));
    }
    expect(positions(body.playlists)).toEqual(numbered(body.playlists.length));
    const albums = await Promise.all(body.albums.map((a) => music.album(a.id)));
    expect(albums.every((a) => a?.genreId === 106)).toBe(true);
    const fans = albums.map((a) => a!.fans);
    expect(fans).toEqual([...fans].sort((a, b) => b - a));
    const artists = await Promise.all(body.artists.map((a) => music.artist(a.id)));
    expect(artists.every((a) => a?.genres.includes('Electro'))).toBe(true);
    expect(body.artists.map((a) => a.fans)).toEqual([...body.artists.map((a) => a.fans)].sort((a, b) => b - a));
  });

  it("id 0 (the default): every genre; the editors' playlists, most followed first; limit defaults to 10", async () => {
    const body = await ok(s.editorialChartsSchema, '/editorial/charts');
    expect(body.editorial.id).toBe(0);
    expect(body.tracks.map((t) => t.id)).toEqual((await chartTracks(10)).map((t) => t.id));
    expect(body.playlists.length).toBe(10);
    const playlists = await Promise.all(body.playlists.map((p) => music.playlist(p.id)));
    const fans = playlists.map((p) => p!.fans);
    expect(fans).toEqual([...fans].sort((a, b) => b - a));
  });

  it('404 for an unknown editorial; 400 for a bad id or limit', async () => {
    await fails('/editorial/charts?id=999', 404, 'not_found');
    await fails('/editorial/charts?id=1.5', 400, 'bad_request', 'id');
    await fails('/editorial/charts?limit=0', 400, 'bad_request', 'limit');
    await fails('/editorial/charts?limit=51', 400, 'bad_request', 'limit');
  });
});

describe('the editorial lists as any cached, batchable endpoint (D19, D21)', () => {
  it('ride in /batch, and the second call is a cache hit', async () => {
    const res = await sleeve.fetch(
      new Request('http://sleeve.test/batch', {
        method: 'POST',
        headers: { 'user-agent': UA, 'content-type': 'application/json' },
        body: JSON.stringify({
          requests: [
            { path: '/genre/chart?id=152&limit=3' },
            { path: '/editorial/selection?id=152&limit=3' },
            { path: '/editorial/charts?id=152&limit=3' },
          ],
        }),
      }),
    );
    const { responses } = await res.json();
    expect(Object.values(responses as Record<string, { status: number }>).map((r) => r.status)).toEqual([
      200, 200, 200,
    ]);
    const again = await call('/genre/chart?id=152&limit=3');
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('503 not_configured when an embedded music source lacks the method', async () => {
    const { genreChart: _chart, editorialCharts: _charts, ...older } = music;
    const embedded = makeSleeve({ sources: { music: older } });
    for (const path of ['/genre/chart?id=106', '/editorial/charts?id=106']) {
      const { status, body } = await call(path, { sleeve: embedded });
      expect(status, path).toBe(503);
      expect(body.error.code).toBe('not_configured');
    }
  });
});
