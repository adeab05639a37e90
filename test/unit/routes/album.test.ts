/** D5: the album endpoints through `createSleeve()`. */
import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { fails, music, ok, q } from '../../helpers/routes/client.ts';
import { chartTracks } from '../../helpers/routes/fixtures.ts';

describe('/album/info', () => {
  it('by id: contributors with roles, duration in seconds, the whole tracklist', async () => {
    const [track] = await chartTracks(1);
    const album = (await music.album(track!.album.id))!;
    const body = await ok(s.fullAlbumSchema, `/album/info?id=${album.id}`);
    const { items, total } = await music.albumTracks(album.id, { limit: 500 });
    expect(body).toMatchObject({
      id: album.id,
      title: album.title,
      artist: { id: album.artist.id, name: album.artist.name },
      duration: Math.round(album.duration),
    });
    expect(body.tracks.map((t) => t.id)).toEqual(items.map((t) => t.id));
    expect(body.tracks).toHaveLength(total);
    expect(body.contributors.length).toBeGreaterThan(0);
    expect(body.contributors.every((c) => c.role.length > 0)).toBe(true);
    expect(body.tracks[0]).not.toHaveProperty('isrc');
  });

  it('by query naming artist and title: the same album', async () => {
    const [track] = await chartTracks(1);
    const album = (await music.album(track!.album.id))!;
    const body = await ok(s.fullAlbumSchema, `/album/info?${q({ query: `${album.artist.name} ${album.title}` })}`);
    expect(body.id).toBe(album.id);
  });

  it('404 when unknown; 400 without id or query', async () => {
    await fails('/album/info?id=999999999', 404, 'not_found');
    await fails('/album/info?query=Qqxzvvkj%20Zzzz', 404, 'not_found');
    await fails('/album/info', 400, 'bad_request');
    await fails('/album/info?id=-4', 400, 'bad_request', 'id');
  });
});

describe('/album/new-releases', () => {
  it('newest first, as new-release objects', async () => {
    const body = await ok(s.listOf(s.newReleaseSchema), '/album/new-releases?limit=50');
    const dates = body.map((a) => a.releaseDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.length).toBeGreaterThan(1);
  });
});
