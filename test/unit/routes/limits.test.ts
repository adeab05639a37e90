/**
 * D4 for every endpoint with a `limit`: the default, the bounds (0 and max+1 are
 * 400 naming `limit`, never clamped), and a non-integer. A default answers exactly
 * min(default, what the maximum would give), so it can fail either way.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, fails, music, q } from '../../helpers/routes/client.ts';
import { chartTracks, prolificArtist } from '../../helpers/routes/fixtures.ts';

type Count = (body: any) => number;
const length: Count = (b) => b.length;
const sections: Count = (b) => Math.max(b.tracks.length, b.artists.length, b.albums.length, b.playlists.length);

interface Case {
  path: string;
  extra: () => Record<string, string | number>;
  min: number;
  max: number;
  def: number;
  count: Count;
}

let word = '';
/** Playlists are named after genres (`Fresh Pop`), not after tracks. */
let genre = '';
let artistId = 0;
let artistName = '';
let isrc = '';

const cases: Case[] = [
  { path: '/search/all', extra: () => ({ query: word }), min: 1, max: 25, def: 5, count: sections },
  { path: '/search/albums', extra: () => ({ query: word }), min: 1, max: 50, def: 20, count: length },
  { path: '/search/artist', extra: () => ({ query: artistName }), min: 1, max: 50, def: 20, count: length },
  { path: '/search/playlists', extra: () => ({ query: genre }), min: 1, max: 50, def: 20, count: length },
  { path: '/artist/top-tracks', extra: () => ({ id: artistId }), min: 1, max: 50, def: 10, count: length },
  { path: '/artist/similar', extra: () => ({ id: artistId }), min: 1, max: 50, def: 20, count: length },
  { path: '/track/related', extra: () => ({ isrc }), min: 1, max: 50, def: 20, count: length },
  { path: '/track/hot', extra: () => ({}), min: 1, max: 100, def: 20, count: (b) => b.tracks.length },
  { path: '/album/new-releases', extra: () => ({}), min: 1, max: 50, def: 20, count: length },
  {
    path: '/playlist/generate',
    extra: () => ({ genres: 'Pop' }),
    min: 1,
    max: 50,
    def: 20,
    count: (b) => b.tracks.length,
  },
];

beforeAll(async () => {
  const tracks = await chartTracks();
  const first = tracks.find((t) => t.isrc)!;
  isrc = first.isrc!;
  word = first.title.split(' ').sort((a, b) => b.length - a.length)[0]!;
  ({ id: artistId, name: artistName } = await prolificArtist());
  genre = (await music.genres()).find((g) => g.id !== 0)!.name;
});

describe.each(cases)('$path limit', ({ path, extra, min, max, def, count }) => {
  it(`defaults to ${def} (or all there are), and takes ${min}..${max}`, async () => {
    const byDefault = await call(`${path}?${q(extra())}`);
    const atMax = await call(`${path}?${q({ ...extra(), limit: max })}`);
    const atMin = await call(`${path}?${q({ ...extra(), limit: min })}`);
    expect([byDefault.status, atMax.status, atMin.status]).toEqual([200, 200, 200]);
    expect(count(byDefault.body)).toBe(Math.min(def, count(atMax.body)));
    expect(count(atMax.body)).toBeLessThanOrEqual(max);
    expect(count(atMin.body)).toBe(Math.min(min, count(atMax.body)));
    expect(count(atMax.body)).toBeGreaterThan(0);
  });

  it('rejects 0, max+1 and non-integers with 400 naming limit', async () => {
    for (const limit of [min - 1, max + 1, '2.5', 'ten'])
      await fails(`${path}?${q({ ...extra(), limit })}`, 400, 'bad_request', 'limit');
  });
});
