/**
 * `/track/hot` as a new user meets it (#14): global and every country chart with a variety of
 * acts (at most 3 tracks by one artist in a top 20), each country's chart its own, with local acts.
 */
import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { CHART_COUNTRIES } from '../../../core/drivers/catalog/generate/charts.ts';
import { builtinCatalog } from '../../../core/drivers/catalog/loaded.ts';
import { ok } from '../../helpers/routes/client.ts';

const mostByOneArtist = (tracks: { artistId: number }[]): number => {
  const counts = new Map<number, number>();
  for (const t of tracks) counts.set(t.artistId, (counts.get(t.artistId) ?? 0) + 1);
  return Math.max(...counts.values());
};

describe('/track/hot?limit=20 in demo mode', () => {
  it.each(['', ...CHART_COUNTRIES])('%s: at most 3 tracks by one artist, at least 8 artists', async (country) => {
    const body = await ok(s.hotTracksSchema, `/track/hot?limit=20${country ? `&country=${country}` : ''}`);
    expect(body.country).toBe(country || 'global');
    expect(body.tracks).toHaveLength(20);
    expect(mostByOneArtist(body.tracks)).toBeLessThanOrEqual(3);
    expect(new Set(body.tracks.map((t) => t.artistId)).size).toBeGreaterThanOrEqual(8);
  });

  it('gives each country its own top 10, with acts from that country', async () => {
    const { store } = await builtinCatalog();
    const global = await ok(s.hotTracksSchema, '/track/hot?limit=10');
    for (const country of CHART_COUNTRIES) {
      const body = await ok(s.hotTracksSchema, `/track/hot?limit=10&country=${country}`);
      expect(
        body.tracks.map((t) => t.id),
        country,
      ).not.toEqual(global.tracks.map((t) => t.id));
      // The public artist shape has no country: the catalogue behind the service says where each act is from.
      const local = body.tracks.filter((t) => store.artists.get(t.artistId)?.country === country);
      expect(local.length, country).toBeGreaterThanOrEqual(2);
    }
  });
});
