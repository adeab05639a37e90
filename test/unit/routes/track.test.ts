/** D5, D10, D17: the track endpoints through `createSleeve()`. */
import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { call, fails, makeSleeve, music, ok, q } from '../../helpers/routes/client.ts';
import { chartTracks, trackWithFeatures, trackWithoutIsrc } from '../../helpers/routes/fixtures.ts';

describe('/track/info', () => {
  it('finds a track by artist and title, bracketed text stripped, with features and recommendations', async () => {
    const track = await trackWithFeatures();
    const body = await ok(
      s.infoTrackSchema,
      `/track/info?${q({ artist: track.artist.name, title: `${track.title} (Remastered) [Live]` })}`,
    );
    expect(body).toMatchObject({ found: true, id: track.id, isrc: track.isrc, primaryArtist: { id: track.artist.id } });
    expect(body.audioFeatures).not.toBeNull();
    expect(body.audioFeatures!.timeSignature).toBeGreaterThan(0);
    expect(body.recommendations.length).toBeGreaterThan(0);
    expect(body.recommendations.some((r) => r.id === track.id)).toBe(false);
  });

  it('an ISRC skips the lookup, even with names that would not match', async () => {
    const track = await trackWithFeatures();
    const body = await ok(
      s.infoTrackSchema,
      `/track/info?${q({ artist: 'nobody', title: 'nothing', isrc: track.isrc!.toLowerCase() })}`,
    );
    expect(body.id).toBe(track.id);
  });

  it('an unknown ISRC falls back to artist and title', async () => {
    const track = await trackWithFeatures();
    const body = await ok(
      s.infoTrackSchema,
      `/track/info?${q({ artist: track.artist.name, title: track.title, isrc: 'ZZ0000000000' })}`,
    );
    expect(body.id).toBe(track.id);
  });

  it('features are null for a track without an ISRC', async () => {
    const track = await trackWithoutIsrc();
    const body = await ok(s.infoTrackSchema, `/track/info?${q({ artist: track.artist.name, title: track.title })}`);
    expect(body).toMatchObject({ found: true, id: track.id, isrc: null, audioFeatures: null });
  });

  it('D5: not found is 200 with found:false and the inputs echoed', async () => {
    const path = `/track/info?${q({ artist: 'Nobody At All', title: 'Qqxzv Song', isrc: 'ZZ0000000000' })}`;
    const body = await ok(s.trackNotFoundSchema, `/track/info?${q({ artist: 'Nobody At All', title: 'Qqxzv Song' })}`);
    expect(body).toEqual({ found: false, artist: 'Nobody At All', title: 'Qqxzv Song' });
    expect(await ok(s.trackNotFoundSchema, path)).toEqual({
      found: false,
      artist: 'Nobody At All',
      title: 'Qqxzv Song',
      isrc: 'ZZ0000000000',
    });
  });

  it('rejects a missing artist or title, and a malformed isrc', async () => {
    await fails('/track/info?title=x', 400, 'bad_request', 'artist');
    await fails('/track/info?artist=x', 400, 'bad_request', 'title');
    await fails('/track/info?artist=x&title=y&isrc=short', 400, 'bad_request', 'isrc');
  });
});

describe('/track/info?id= (D69)', () => {
  it("by the id a search answers: the track's full answer, as by its artist and title", async () => {
    const track = await trackWithFeatures();
    const search = await ok(s.searchAllSchema, `/search/all?${q({ query: `${track.artist.name} ${track.title}` })}`);
    const hit = search.tracks.find((t) => t.id === track.id);
    expect(hit, 'the search answers the track with its id').toBeDefined();
    const byId = await ok(s.infoTrackSchema, `/track/info?id=${hit!.id}`);
    expect(byId).toMatchObject({ found: true, id: track.id, isrc: track.isrc, primaryArtist: { id: track.artist.id } });
    expect(byId.audioFeatures).not.toBeNull();
    expect(await ok(s.infoTrackSchema, `/track/info?${q({ artist: track.artist.name, title: track.title })}`)).toEqual(
      byId,
    );
  });

  it('an unknown id is a 404 naming id, not a found:false', async () => {
    await fails('/track/info?id=999999999999999', 404, 'not_found', 'id');
    const { body } = await call('/track/info?id=999999999999999');
    expect(body.error.message).toBe('No track with id 999999999999999.');
  });

  it('an id that is not one is a 400 naming id, with or without artist and title', async () => {
    const track = await trackWithFeatures();
    for (const id of ['abc', '12a', '1.5', '0', '-3', '1234567890123456', ''])
      await fails(`/track/info?${q({ id })}`, 400, 'bad_request', 'id');
    await fails(
      `/track/info?${q({ id: 'abc', artist: track.artist.name, title: track.title })}`,
      400,
      'bad_request',
      'id',
    );
  });

  it('the id wins over artist, title and isrc, and every request naming that id shares one cache entry', async () => {
    const fresh = makeSleeve();
    const track = await trackWithFeatures();
    const first = await call(`/track/info?id=${track.id}`, { sleeve: fresh });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    for (const query of [
      q({ id: track.id, artist: 'Nobody At All', title: 'Qqxzv Song' }),
      q({ id: track.id, isrc: 'ZZ0000000000' }),
      q({ id: `00${track.id}` }),
    ]) {
      const again = await call(`/track/info?${query}`, { sleeve: fresh });
      expect(again.status, query).toBe(200);
      expect(again.headers.get('x-cache'), query).toBe('HIT');
      expect(again.body).toEqual(first.body);
    }
    // By artist and title is another entry: the same track, asked another way.
    const byName = await call(`/track/info?${q({ artist: track.artist.name, title: track.title })}`, { sleeve: fresh });
    expect(byName.headers.get('x-cache')).toBe('MISS');
    expect(byName.body).toEqual(first.body);
  });

  it('without an id, artist and title are each still required, the rule in the message', async () => {
    const { status, body } = await call('/track/info');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'bad_request', param: 'artist' });
    expect(body.error.message).toContain('give id, or both artist and title');
    await fails('/track/info?isrc=GBE8P2600039', 400, 'bad_request', 'artist');
  });
});

describe('/track/isrc', () => {
  it('answers the full track with trackNumber, discNumber, album.upc and no timeSignature', async () => {
    const track = await trackWithFeatures();
    const body = await ok(s.isrcTrackSchema, `/track/isrc?isrc=${track.isrc!.toLowerCase()}`);
    expect(body).toMatchObject({
      found: true,
      id: track.id,
      isrc: track.isrc,
      trackNumber: track.trackNumber,
      discNumber: track.discNumber,
    });
    expect(body.audioFeatures).not.toHaveProperty('timeSignature');
    expect(body.album.upc).toMatch(/^\d+$/);
  });

  it('D5: an unknown ISRC is 200 found:false echoing it upper-case', async () => {
    expect(await ok(s.trackNotFoundSchema, '/track/isrc?isrc=zz0000000000')).toEqual({
      found: false,
      isrc: 'ZZ0000000000',
    });
  });

  it('validates strictly: 12 letters or digits only', async () => {
    for (const isrc of ['', 'ABC', 'GB-ABC-20-00001', 'GBABC20000011', 'GBABC200000!'])
      await fails(`/track/isrc?${q({ isrc })}`, 400, 'bad_request', 'isrc');
    await fails('/track/isrc', 400, 'bad_request', 'isrc');
  });
});

describe('/track/related', () => {
  it('by ISRC or by artist and title: the same related tracks, never the track itself', async () => {
    const track = await trackWithFeatures();
    const byIsrc = await ok(s.listOf(s.relatedTrackSchema), `/track/related?${q({ isrc: track.isrc!, limit: 10 })}`);
    const byName = await ok(
      s.listOf(s.relatedTrackSchema),
      `/track/related?${q({ artist: track.artist.name, title: track.title, limit: 10 })}`,
    );
    expect(byIsrc.length).toBe(10);
    expect(byName).toEqual(byIsrc);
    expect(byIsrc.some((t) => t.id === track.id)).toBe(false);
    expect(new Set(byIsrc.map((t) => t.id)).size).toBe(byIsrc.length);
  });

  it('404 not_found when the track cannot be resolved', async () => {
    await fails('/track/related?isrc=ZZ0000000000', 404, 'not_found');
    await fails(`/track/related?${q({ artist: 'Nobody At All', title: 'Qqxzv' })}`, 404, 'not_found');
  });

  it('needs an isrc or both artist and title', async () => {
    await fails('/track/related', 400, 'bad_request');
    await fails('/track/related?artist=x', 400, 'bad_request');
    await fails('/track/related?isrc=123', 400, 'bad_request', 'isrc');
  });
});

describe('/track/hot and /hot-tracks (D10)', () => {
  const hot = s.hotTracksSchema;

  it('the global chart by default, positions from 1, the alias answering the same', async () => {
    const body = await ok(hot, '/track/hot?limit=5');
    expect(body.country).toBe('global');
    expect(body.tracks.map((t) => t.position)).toEqual([1, 2, 3, 4, 5]);
    expect(body.tracks.map((t) => t.id)).toEqual((await chartTracks(5)).map((t) => t.id));
    expect(await ok(hot, '/hot-tracks?limit=5')).toEqual(body);
  });

  it('a country parameter wins over the edge header; the header is used without it', async () => {
    const countries = await Promise.all(
      ['FR', 'DE', 'US', 'GB', 'JP', 'BR'].map(async (c) => ((await music.chart(c, { limit: 1 })) ? c : null)),
    );
    const [first, second] = countries.filter((c): c is string => c !== null);
    expect(first && second, 'the demo catalogue should chart at least two of FR, DE, US, GB, JP, BR').toBeTruthy();
    // Fresh sleeves: the frame's cache key is built from query parameters only, so a cached
    // header-chosen chart would be served to another country (reported to the frame's owner).
    const fresh = makeSleeve();
    const byParam = await ok(hot, `/track/hot?country=${first!.toLowerCase()}`, {
      sleeve: fresh,
      headers: { 'cf-ipcountry': second! },
    });
    expect(byParam.country).toBe(first);
    const byHeader = await ok(hot, '/track/hot?limit=3', {
      sleeve: makeSleeve(),
      headers: { 'x-vercel-ip-country': second! },
    });
    expect(byHeader.country).toBe(second);
    expect(byHeader.tracks.map((t) => t.id)).toEqual(
      (await music.chart(second!, { limit: 3 }))!.tracks.map((t) => t.id),
    );
  });

  it('falls back to the global chart for a country without one', async () => {
    const body = await ok(hot, '/track/hot?country=AQ&limit=3');
    expect(body.country).toBe('global');
  });

  it('rejects a country that is not two letters', async () => {
    await fails('/track/hot?country=FRA', 400, 'bad_request', 'country');
    expect((await call('/track/hot?country=F1')).status).toBe(400);
  });
});

describe('D5 answers in a 200 are kept like a 404 (D9)', () => {
  it('/track/isrc and /track/info `{ found: false }` are cached 5 minutes, not the endpoint lifetime', async () => {
    for (const path of ['/track/isrc?isrc=ZZ0000000001', '/track/info?artist=Nobody%20Here&title=Nothing%20Such']) {
      const { headers, body } = await call(path);
      expect(body.found).toBe(false);
      expect(headers.get('cache-control')).toBe('public, max-age=300');
    }
  });
});
