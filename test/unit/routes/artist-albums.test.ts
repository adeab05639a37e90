/** D21: `/artist/albums`, one page of an artist's releases, in demo mode. */
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { fails, music, ok, q } from '../../helpers/routes/client.ts';
import { prolificArtist } from '../../helpers/routes/fixtures.ts';

let artist: { id: number; name: string; total: number };
beforeAll(async () => {
  artist = await prolificArtist();
});

describe('/artist/albums', () => {
  it("answers the source's releases page by page, with the total and the next page's URL until the last", async () => {
    const all = (await music.artistAlbums(artist.id, { limit: 400 })).items.map((a) => a.id);
    expect(all.length).toBe(artist.total);
    const seen: number[] = [];
    let path: string | null = `/artist/albums?id=${artist.id}&limit=3`;
    while (path !== null) {
      const body: s.ArtistAlbumsBody = await ok(s.artistAlbumsSchema, path.replace('http://sleeve.test', ''));
      expect(body).toMatchObject({ artist: artist.name, artistId: artist.id, total: artist.total, index: seen.length });
      expect(body.albums.length).toBeLessThanOrEqual(3);
      seen.push(...body.albums.map((a) => a.id));
      path = body.next;
      if (path !== null)
        expect(path).toBe(`http://sleeve.test/artist/albums?id=${artist.id}&index=${seen.length}&limit=3`);
    }
    expect(seen).toEqual(all);
  });

  it('by name answers the same page as by id; id wins when both are given (D5)', async () => {
    const byId = await ok(s.artistAlbumsSchema, `/artist/albums?id=${artist.id}&limit=5`);
    expect(
      await ok(s.artistAlbumsSchema, `/artist/albums?${q({ artist: artist.name.toLowerCase(), limit: 5 })}`),
    ).toEqual(byId);
    expect(
      await ok(s.artistAlbumsSchema, `/artist/albums?${q({ artist: 'Qqxzvvkj Nobody', id: artist.id, limit: 5 })}`),
    ).toEqual(byId);
  });

  it('defaults to 25 from index 0; an index past the end is an empty last page', async () => {
    const body = await ok(s.artistAlbumsSchema, `/artist/albums?id=${artist.id}`);
    expect(body.index).toBe(0);
    expect(body.albums.length).toBe(Math.min(25, artist.total));
    const past = await ok(s.artistAlbumsSchema, `/artist/albums?id=${artist.id}&index=${artist.total + 5}`);
    expect(past).toMatchObject({ total: artist.total, albums: [], next: null });
  });

  it('404 for an unknown artist; 400 for a missing artist, a bad id, limit or index', async () => {
    await fails('/artist/albums?id=999999999', 404, 'not_found');
    await fails('/artist/albums?artist=Qqxzvvkj%20Nobody', 404, 'not_found');
    await fails('/artist/albums', 400, 'bad_request', 'artist');
    await fails('/artist/albums?id=abc', 400, 'bad_request', 'id');
    await fails(`/artist/albums?id=${artist.id}&limit=0`, 400, 'bad_request', 'limit');
    await fails(`/artist/albums?id=${artist.id}&limit=101`, 400, 'bad_request', 'limit');
    await fails(`/artist/albums?id=${artist.id}&index=-1`, 400, 'bad_request', 'index');
    await fails(`/artist/albums?id=${artist.id}&index=10001`, 400, 'bad_request', 'index');
  });
});
