/**
 * Issue #23, D18: in the built-in demo catalogue, tracks without an ISRC are rare (at most 1 %)
 * and obscure: never in a chart's top 100 (country, global or genre), never on a new release,
 * never among an artist's 10 top tracks. Some are kept, for the spec's `audioFeatures: null`.
 * Checked on the catalogue as served (its store and genre lists), not on the generator's own sets.
 */
import { describe, expect, it } from 'vitest';
import { genreLists } from '../../../../core/drivers/catalog/editorial.ts';
import { builtinCatalog } from '../../../../core/drivers/catalog/loaded.ts';
import { call, q } from '../../../helpers/routes/client.ts';

const { store } = await builtinCatalog();
const uncoded = new Set(store.data.tracks.filter((t) => t.isrc === null).map((t) => t.id));
const none = (ids: Iterable<number>) => [...ids].filter((id) => uncoded.has(id));

describe('ISRC-less tracks in the demo catalogue (issue #23)', () => {
  it('are at most 1 % of the tracks, and some exist', () => {
    expect(uncoded.size).toBeGreaterThan(0);
    expect(uncoded.size / store.data.tracks.length).toBeLessThanOrEqual(0.01);
    // ...and exactly those have no features (D18).
    for (const t of store.data.tracks) expect(t.features === null).toBe(t.isrc === null);
  });

  it("are in no chart's top 100: country, global or genre", () => {
    for (const chart of store.data.charts) expect(none(chart.trackIds.slice(0, 100)), chart.country).toEqual([]);
    for (const genre of store.genres.values())
      expect(none((genreLists(store, genre.id)?.tracks ?? []).slice(0, 100).map((t) => t.id)), genre.name).toEqual([]);
  });

  it('are on no new release', () => {
    for (const albumId of store.data.newReleases)
      expect(none((store.albumTracks.get(albumId) ?? []).map((t) => t.id)), String(albumId)).toEqual([]);
  });

  it("are never among an artist's 10 top tracks", () => {
    for (const [artistId, tracks] of store.artistTracks)
      expect(none(tracks.slice(0, 10).map((t) => t.id)), String(artistId)).toEqual([]);
  });

  it('so a chart hit has audio features: the global top 3 as /track/info serves them', async () => {
    const hot = await call(`/track/hot?${q({ limit: 3 })}`);
    expect(hot.status).toBe(200);
    expect(hot.body.tracks).toHaveLength(3);
    for (const t of hot.body.tracks as { id: number; name: string; artist: string }[]) {
      const info = await call(`/track/info?${q({ artist: t.artist, title: t.name })}`);
      expect(info.status).toBe(200);
      expect(info.body, `${t.artist} - ${t.name}`).toMatchObject({
        id: t.id,
        isrc: expect.any(String),
        audioFeatures: expect.any(Object),
      });
    }
  });

  it('and the null case stays real: an ISRC-less track answers audioFeatures null', async () => {
    const t = store.tracks.get([...uncoded][0]!)!;
    const info = await call(`/track/info?${q({ artist: store.artists.get(t.artistId)!.name, title: t.title })}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ isrc: null, audioFeatures: null });
  });
});
