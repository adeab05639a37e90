/** D21: `/track/credits` in demo mode: the catalogue's main and featured artists. */
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import type { Track } from '../../../core/domain/music.ts';
import { fails, music, ok } from '../../helpers/routes/client.ts';
import { chartTracks } from '../../helpers/routes/fixtures.ts';

let featuring: Track;
beforeAll(async () => {
  for (const genre of (await music.genres()).slice(1)) {
    for (const hit of await music.genreTracks(genre.name, { limit: 200 })) {
      const track = await music.track(hit.id);
      if (track?.isrc && track.artists.length > 1) {
        featuring = track;
        return;
      }
    }
  }
  throw new Error('the demo catalogue has no track with a featured artist and an ISRC');
});

describe('/track/credits', () => {
  it('lists every credited artist with its role, main first, each with its picture', async () => {
    const body = await ok(s.trackCreditsSchema, `/track/credits?id=${featuring.id}`);
    expect(body).toMatchObject({
      id: featuring.id,
      title: featuring.title,
      isrc: featuring.isrc,
      artist: featuring.artist,
      album: featuring.album,
    });
    expect(body.contributors.map((c) => [c.id, c.name, c.role])).toEqual(
      featuring.artists.map((a) => [a.id, a.name, a.role]),
    );
    expect(body.contributors[0]).toMatchObject({ id: featuring.artist.id, role: 'Main' });
    expect(body.contributors.slice(1).every((c) => c.role === 'Featured')).toBe(true);
    for (const c of body.contributors) expect(c.image).toBe(`http://sleeve.test/artistimage?id=${c.id}`);
  });

  it('by ISRC (any case) answers the same as by id; id wins when both are given', async () => {
    const byId = await ok(s.trackCreditsSchema, `/track/credits?id=${featuring.id}`);
    expect(await ok(s.trackCreditsSchema, `/track/credits?isrc=${featuring.isrc!.toLowerCase()}`)).toEqual(byId);
    const other = (await chartTracks(1))[0]!;
    expect((await ok(s.trackCreditsSchema, `/track/credits?id=${other.id}&isrc=${featuring.isrc}`)).id).toBe(other.id);
  });

  it('404 for an unknown track; 400 for neither id nor isrc, a bad id or a bad ISRC', async () => {
    await fails('/track/credits?id=999999999', 404, 'not_found');
    await fails('/track/credits?isrc=ZZZZZ9999999', 404, 'not_found');
    await fails('/track/credits', 400, 'bad_request', 'id');
    await fails('/track/credits?id=abc', 400, 'bad_request', 'id');
    await fails('/track/credits?id=0', 400, 'bad_request', 'id');
    await fails('/track/credits?isrc=TOO-SHORT', 400, 'bad_request', 'isrc');
  });
});
