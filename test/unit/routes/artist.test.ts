/** D5, D16: the artist endpoints through `createSleeve()`. */
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { call, fails, music, ok, q } from '../../helpers/routes/client.ts';
import { prolificArtist } from '../../helpers/routes/fixtures.ts';

let artist: { id: number; name: string; total: number };
beforeAll(async () => {
  artist = await prolificArtist();
});

const dated = (list: { releaseDate: string | null }[]) => list.map((r) => r.releaseDate);

describe('/artist/discography (D16)', () => {
  it('groups the whole catalogue by record type, newest first, undated last, counts and years', async () => {
    const body = await ok(s.discographySchema, `/artist/discography?id=${artist.id}`);
    const groups = [body.albums!, body.singles!, body.eps!, body.compilations!];
    expect(body).toMatchObject({ artist: artist.name, artistId: artist.id, total: artist.total });
    expect(groups.flat()).toHaveLength(artist.total);
    expect([body.counts.albums, body.counts.singles, body.counts.eps, body.counts.compilations]).toEqual(
      groups.map((g) => g.length),
    );
    for (const [i, type] of (['album', 'single', 'ep', 'compilation'] as const).entries()) {
      expect(groups[i]!.every((r) => r.recordType === type)).toBe(true);
      const dates = dated(groups[i]!);
      const known = dates.filter((d) => d !== null);
      expect(dates.slice(0, known.length)).toEqual([...known].sort().reverse());
    }
    const years = groups
      .flat()
      .flatMap((r) => (r.releaseDate ? [r.releaseDate.slice(0, 4)] : []))
      .sort();
    expect([body.activeFrom, body.activeTo]).toEqual([years[0] ?? null, years.at(-1) ?? null]);
  });

  it('by name answers the same as by id', async () => {
    expect(await ok(s.discographySchema, `/artist/discography?${q({ artist: artist.name.toUpperCase() })}`)).toEqual(
      await ok(s.discographySchema, `/artist/discography?id=${artist.id}`),
    );
  });

  it('limit caps each group while counts stay whole; type keeps only that group', async () => {
    const body = await ok(s.discographySchema, `/artist/discography?id=${artist.id}&limit=1`);
    for (const group of [body.albums!, body.singles!, body.eps!, body.compilations!])
      expect(group.length).toBeLessThanOrEqual(1);
    expect(body.total).toBe(artist.total);
    const type = body.counts.singles > 0 ? 'single' : 'album';
    const only = await ok(s.discographySchema, `/artist/discography?id=${artist.id}&type=${type}`);
    expect(Object.keys(only).filter((k) => ['albums', 'singles', 'eps', 'compilations'].includes(k))).toEqual([
      `${type}s`,
    ]);
    expect(only.counts).toEqual(body.counts);
  });

  it('404 for an unknown artist; 400 for bad type, limit or neither artist nor id', async () => {
    await fails('/artist/discography?id=999999999', 404, 'not_found');
    await fails('/artist/discography?artist=Qqxzvvkj%20Nobody', 404, 'not_found');
    await fails(`/artist/discography?id=${artist.id}&type=mixtape`, 400, 'bad_request', 'type');
    await fails(`/artist/discography?id=${artist.id}&limit=401`, 400, 'bad_request', 'limit');
    await fails(`/artist/discography?id=${artist.id}&limit=0`, 400, 'bad_request', 'limit');
    await fails('/artist/discography', 400, 'bad_request');
    await fails('/artist/discography?id=abc', 400, 'bad_request', 'id');
  });
});

describe('/artist/top-tracks, /artist/similar, /artist/info', () => {
  it('top tracks by popularity', async () => {
    const body = await ok(s.listOf(s.topTrackSchema), `/artist/top-tracks?id=${artist.id}&limit=50`);
    const ranks = await Promise.all(body.map(async (t) => (await music.track(t.id))!.rank));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(body.length).toBeGreaterThan(1);
  });

  it('similar artists with proxied images', async () => {
    const body = await ok(s.listOf(s.artistEntrySchema), `/artist/similar?${q({ artist: artist.name })}`);
    expect(body.map((a) => a.id)).toEqual((await music.relatedArtists(artist.id, { limit: 20 })).map((a) => a.id));
    expect(body.every((a) => a.image.endsWith(`/artistimage?id=${a.id}`))).toBe(true);
  });

  it('full artist: at most 10 top tracks and 6 related artists', async () => {
    const body = await ok(s.fullArtistSchema, `/artist/info?id=${artist.id}`);
    const top = await ok(s.listOf(s.topTrackSchema), `/artist/top-tracks?id=${artist.id}&limit=10`);
    expect(body).toMatchObject({ id: artist.id, name: artist.name });
    expect(body.topTracks.map((t) => t.id)).toEqual(top.map((t) => t.id));
    expect(body.relatedArtists.length).toBeLessThanOrEqual(6);
  });

  it('each answers 404 for an unknown artist and 400 without artist or id', async () => {
    for (const path of ['/artist/top-tracks', '/artist/similar', '/artist/info']) {
      await fails(`${path}?id=999999999`, 404, 'not_found');
      await fails(`${path}?artist=Qqxzvvkj%20Nobody`, 404, 'not_found');
      expect((await call(path)).status).toBe(400);
    }
  });
});
