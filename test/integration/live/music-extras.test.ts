/**
 * The more music endpoints (D21–D23) in live mode, over the replay of recorded Deezer answers
 * (`test/fixtures/deezer/`: `artist-27-albums*.json`, `track-*.json` with their `contributors`,
 * `chart-106-tracks.json`, `editorial-106-selection.json`, `editorial-106-charts.json`) and
 * ReccoBeats' audio features: each body against its strict schema and against the facts the
 * recordings hold, and what a failing upstream looks like to a caller.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sleeve } from '../../../core/index.ts';
import * as s from '../../../core/schemas/responses/index.ts';
import { distance } from '../../../core/services/music/recommendations.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { call, ok, q } from '../../helpers/routes/client.ts';
import { disposeSleeves, liveFails, liveSleeve, upstream } from '../../helpers/live/live.ts';

const BASE = 'http://sleeve.test';
const DAFT_PUNK = 27;
const HBFS = { id: 3135556, isrc: 'GBDUW0000059' };

let replay: Replay;
let live: Sleeve;

beforeAll(async () => {
  replay = await startReplay();
  live = liveSleeve(replay);
});
afterEach(() => {
  replay.fault('deezer', null);
  replay.fault('reccobeats', null);
});
afterAll(async () => {
  await disposeSleeves();
  await replay?.close();
});

const get = <T>(schema: Parameters<typeof ok<T>>[0], path: string, sleeve: Sleeve = live): Promise<T> =>
  ok(schema, path, { sleeve });
const upstreamIds = async (path: string): Promise<number[]> =>
  (await upstream(replay, path)).data.map((item) => Number(item['id']));

describe('/artist/albums', () => {
  it("Deezer's releases in Deezer's order, page by page to the recorded total, by id or by name", async () => {
    const first = await get(s.artistAlbumsSchema, `/artist/albums?id=${DAFT_PUNK}&limit=20`);
    expect(first).toMatchObject({ artist: 'Daft Punk', artistId: DAFT_PUNK, total: 38, index: 0 });
    expect(first.albums.map((a) => a.id)).toEqual(await upstreamIds(`/artist/${DAFT_PUNK}/albums?limit=20`));
    expect(first.next).toBe(`${BASE}/artist/albums?id=${DAFT_PUNK}&index=20&limit=20`);
    const last = await get(s.artistAlbumsSchema, first.next!.replace(BASE, ''));
    expect(last.albums.map((a) => a.id)).toEqual(await upstreamIds(`/artist/${DAFT_PUNK}/albums?index=20&limit=20`));
    expect(last.next).toBeNull();
    expect(first.albums.length + last.albums.length).toBe(38);
    expect(first.albums[0]).toMatchObject({
      id: 494309801,
      releaseDate: '2023-11-17',
      recordType: 'album',
      genreId: 106,
      fans: 13787,
    });
    expect(await get(s.artistAlbumsSchema, `/artist/albums?${q({ artist: 'daft punk', limit: 20 })}`)).toEqual(first);
  });

  it('404 for an artist Deezer does not know', async () => {
    await liveFails(live, '/artist/albums?id=999999999', 404, 'not_found');
  });
});

describe('/track/credits', () => {
  it("Deezer's contributors with their roles, by id and by ISRC", async () => {
    const stay = await get(s.trackCreditsSchema, '/track/credits?id=1425844092');
    expect(stay).toMatchObject({
      title: 'STAY',
      isrc: 'USSM12103949',
      artist: { id: 51204222, name: 'The Kid Laroi' },
    });
    expect(stay.contributors.map((c) => [c.id, c.name, c.role])).toEqual([
      [51204222, 'The Kid Laroi', 'Main'],
      [288166, 'Justin Bieber', 'Main'],
    ]);
    const smile = await get(s.trackCreditsSchema, '/track/credits?isrc=usum72409273');
    expect(smile).toMatchObject({
      id: 2947516331,
      title: 'Die With A Smile',
      album: { id: 629506181, title: 'Die With A Smile' },
    });
    expect(smile.contributors.map((c) => c.name)).toEqual(['Lady Gaga', 'Bruno Mars']);
    expect(smile.contributors[1]!.image).toBe(`${BASE}/artistimage?id=429675`);
  });

  it('404 for a track Deezer does not know, by id or ISRC', async () => {
    await liveFails(live, '/track/credits?id=1', 404, 'not_found');
    await liveFails(live, '/track/credits?isrc=ZZZZZ9999999', 404, 'not_found');
  });
});

describe('/recommendations', () => {
  it("a genre seed draws tracks with ISRCs (chart albums' tracklists), ordered by ReccoBeats' features", async () => {
    const body = await get(
      s.recommendationsSchema,
      `/recommendations?${q({ seed_genre: 'pop', energy: 0.8, tempo: 120, limit: 10 })}`,
      liveSleeve(replay),
    );
    expect(body.trackCount).toBe(10);
    const featured = body.tracks.filter((t) => t.features !== null);
    expect(featured.length).toBeGreaterThan(0);
    // Tracks with features first; the first is the nearest of all (no artist precedes it).
    expect(body.tracks.slice(0, featured.length).every((t) => t.features !== null)).toBe(true);
    const gaps = featured.map((t) => distance(t.features!, { energy: 0.8, tempo: 120 }));
    expect(gaps[0]).toBe(Math.min(...gaps));
    for (let i = 1; i < body.tracks.length; i++)
      expect(body.tracks[i]!.artistId).not.toBe(body.tracks[i - 1]!.artistId);
  });

  it("a seed track: Deezer's related tracks, never the seed; a seed artist: its own tracks among them", async () => {
    const byTrack = await get(s.recommendationsSchema, `/recommendations?seed_isrc=${HBFS.isrc}&limit=10`);
    expect(byTrack.tracks.length).toBe(10);
    expect(byTrack.tracks.some((t) => t.id === HBFS.id)).toBe(false);
    const radio = await upstreamIds(`/artist/${DAFT_PUNK}/radio`);
    expect(byTrack.tracks.filter((t) => radio.includes(t.id)).length).toBeGreaterThan(5);
    const byArtist = await get(s.recommendationsSchema, `/recommendations?seed_artist=${DAFT_PUNK}&limit=10`);
    expect(byArtist.tracks.some((t) => t.artistId === DAFT_PUNK)).toBe(true);
    expect(JSON.stringify(byArtist)).not.toMatch(/dzcdn|deezer\.com|127\.0\.0\.1/);
  });

  it('404 for an ISRC or artist Deezer does not know', async () => {
    await liveFails(live, '/recommendations?seed_isrc=ZZZZZ9999999', 404, 'not_found');
    await liveFails(live, '/recommendations?seed_artist=999999999', 404, 'not_found');
  });

  it('when ReccoBeats fails: still 200, every track without features, and not cached', async () => {
    replay.fault('reccobeats', 'http500');
    const answer = await call(`/recommendations?${q({ seed_genre: 'pop', energy: 0.8, limit: 5 })}`, {
      sleeve: liveSleeve(replay),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.tracks.length).toBe(5);
    expect(answer.body.tracks.every((t: { features: unknown }) => t.features === null)).toBe(true);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('/genre/chart', () => {
  it("Deezer's chart of the genre, in its order, numbered; 0 is the global chart", async () => {
    const body = await get(s.genreChartSchema, '/genre/chart?id=106&limit=10');
    expect(body.genre).toEqual({ id: 106, name: 'Electro', image: `${BASE}/media/images/genre/106.svg` });
    expect(body.tracks.map((t) => t.id)).toEqual(await upstreamIds('/chart/106/tracks?limit=10'));
    expect(body.tracks.map((t) => t.position)).toEqual(body.tracks.map((_, i) => i + 1));
    expect(body.tracks[0]).toMatchObject({ id: 1432930542, name: 'Where Are You Now', artist: 'Lost Frequencies' });
    const all = await get(s.genreChartSchema, '/genre/chart?id=0&limit=5');
    expect(all.tracks.map((t) => t.id)).toEqual((await upstreamIds('/chart/0/tracks')).slice(0, 5));
  });

  it("404 for an id that is not one of Deezer's genres; 502 when Deezer fails", async () => {
    await liveFails(live, '/genre/chart?id=12', 404, 'not_found');
    replay.fault('deezer', 'http500');
    await liveFails(liveSleeve(replay), '/genre/chart?id=106', 502, 'upstream_error');
  });
});

describe('/editorial/selection and /editorial/charts', () => {
  it("the editors' albums in their order, undated as Deezer lists them", async () => {
    const body = await get(s.editorialSelectionSchema, '/editorial/selection?id=106&limit=10');
    expect(body.editorial).toEqual({ id: 106, name: 'Electro', image: `${BASE}/media/images/genre/106.svg` });
    expect(body.albums.map((a) => a.id)).toEqual(await upstreamIds('/editorial/106/selection'));
    expect(body.albums[0]).toEqual({
      id: 274760572,
      title: 'Terre Promise',
      artist: { id: 2799791, name: 'Blutch' },
      cover: `${BASE}/cover?artist=Blutch&title=Terre%20Promise`,
      releaseDate: null,
      recordType: 'album',
    });
    expect((await get(s.editorialSelectionSchema, '/editorial/selection?id=106&limit=3')).albums).toEqual(
      body.albums.slice(0, 3),
    );
  });

  it("the four charts of the editorial, each in Deezer's order and cut to limit", async () => {
    const body = await get(s.editorialChartsSchema, '/editorial/charts?id=106&limit=5');
    const recorded = await upstream<Record<string, { data: { id: number }[] }>>(replay, '/editorial/106/charts');
    for (const key of ['tracks', 'albums', 'artists', 'playlists'] as const) {
      expect(
        body[key].map((item) => item.id),
        key,
      ).toEqual(recorded[key]!.data.slice(0, 5).map((item) => item.id));
      expect(body[key].map((item) => item.position)).toEqual([1, 2, 3, 4, 5]);
    }
    expect(body.playlists[0]).toMatchObject({
      id: 1561798251,
      title: 'Chill tranquille',
      creator: 'Gil - Deezer Editeur France',
      trackCount: 50,
    });
    expect(body.artists[0]).toMatchObject({ id: 5400149, name: 'Polo & Pan', image: `${BASE}/artistimage?id=5400149` });
  });

  it('404 for an editorial Deezer does not know', async () => {
    await liveFails(live, '/editorial/selection?id=12345', 404, 'not_found');
    await liveFails(live, '/editorial/charts?id=12345', 404, 'not_found');
  });
});

describe('/track/preview in live mode (D22)', () => {
  it("still redirects to Deezer's signed preview, and generates no clip", async () => {
    const res = await live.fetch(new Request(`${BASE}/track/preview?id=${HBFS.id}`));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^https:\/\/cdns-preview-d\.dzcdn\.net\/stream\//);
    await liveFails(live, `/media/previews/${HBFS.id}.wav`, 404, 'not_found');
  });
});
