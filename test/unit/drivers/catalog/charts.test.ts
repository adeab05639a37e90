/**
 * The demo charts read like real ones (#14): no act fills a chart, country charts share most
 * of their entries with the global chart yet carry local acts, popularity keeps its long tail.
 * Stated on the built-in catalogue and on a generated 100k one (a few seconds to generate).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogData, ChartRecord, TrackRecord } from '../../../../core/drivers/catalog/format.ts';
import { generateCatalog } from '../../../../core/drivers/catalog/generate/index.ts';
import { CHART_COUNTRIES, LOCAL_SHARE } from '../../../../core/drivers/catalog/generate/charts.ts';
import { BUILTIN } from '../../../../core/drivers/catalog/loaded.ts';

/** Most tracks one artist has among the first `n` of a chart. */
function mostByOneArtist(data: CatalogData, chart: ChartRecord, n: number): number {
  const tracks = new Map(data.tracks.map((t) => [t.id, t]));
  const counts = new Map<number, number>();
  for (const id of chart.trackIds.slice(0, n)) {
    const artist = tracks.get(id)!.artistId;
    counts.set(artist, (counts.get(artist) ?? 0) + 1);
  }
  return Math.max(...counts.values());
}

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.floor(q * (sorted.length - 1))]!;

const catalogues: [name: string, make: () => CatalogData][] = [
  ['the built-in catalogue', () => generateCatalog({ tracks: BUILTIN.tracks, seed: BUILTIN.seed })],
  ['a generated 100k catalogue', () => generateCatalog({ tracks: 100_000, seed: 'charts-100k' })],
];

describe.each(catalogues)('charts of %s', (_name, make) => {
  let data: CatalogData;
  let global: ChartRecord;
  let countries: ChartRecord[];
  let byId: Map<number, TrackRecord>;
  let countryOf: Map<number, string>;
  beforeAll(() => {
    data = make();
    global = data.charts.find((c) => c.country === 'global')!;
    countries = data.charts.filter((c) => c.country !== 'global');
    byId = new Map(data.tracks.map((t) => [t.id, t]));
    countryOf = new Map(data.artists.map((a) => [a.id, a.country]));
  }, 120_000);

  it('has a global chart and one per chart country, 100 distinct tracks each', () => {
    expect(countries.map((c) => c.country)).toEqual(CHART_COUNTRIES);
    for (const chart of data.charts) {
      expect(chart.trackIds).toHaveLength(100);
      expect(new Set(chart.trackIds).size).toBe(100);
    }
  });

  it('gives no artist more than 2 of the top 10, 3 of the top 20, 5 of the top 100, in every chart', () => {
    for (const chart of data.charts) {
      expect(mostByOneArtist(data, chart, 10), chart.country).toBeLessThanOrEqual(2);
      expect(mostByOneArtist(data, chart, 20), chart.country).toBeLessThanOrEqual(3);
      expect(mostByOneArtist(data, chart, 100), chart.country).toBeLessThanOrEqual(5);
    }
  });

  it('fills a country top 20 mostly with global hits, yet in its own order', () => {
    const top100 = new Set(global.trackIds);
    const top20 = new Set(global.trackIds.slice(0, 20));
    for (const chart of countries) {
      const head = chart.trackIds.slice(0, 20);
      // The recorded Deezer country charts have 7 of 10 entries by acts from elsewhere, the hits a
      // global chart carries: at least half of a top 20 is in the global top 100 (all of it in the
      // US, whose acts are a third of the catalogue and so of the global chart)...
      const shared = head.filter((id) => top100.has(id)).length / 20;
      expect(shared, chart.country).toBeGreaterThanOrEqual(0.5);
      // ...but no country's top 20 is the global one: at most 14 of the global top 20, in another order.
      expect(head.filter((id) => top20.has(id)).length, chart.country).toBeLessThanOrEqual(14);
      expect(head, chart.country).not.toEqual(global.trackIds.slice(0, 20));
    }
  });

  it('carries local acts in every country chart: about 30 % of the top 20, one in the top 10', () => {
    for (const chart of countries) {
      const local = (ids: number[]) =>
        ids.filter((id) => countryOf.get(byId.get(id)!.artistId) === chart.country).length;
      const share = local(chart.trackIds.slice(0, 20)) / 20;
      expect(share, chart.country).toBeGreaterThanOrEqual(LOCAL_SHARE - 0.1);
      expect(share, chart.country).toBeLessThanOrEqual(LOCAL_SHARE + 0.1);
      expect(local(chart.trackIds.slice(0, 10)), chart.country).toBeGreaterThanOrEqual(1);
    }
    // The global chart is the world's: acts from several countries.
    expect(
      new Set(global.trackIds.slice(0, 20).map((id) => countryOf.get(byId.get(id)!.artistId))).size,
    ).toBeGreaterThanOrEqual(4);
  });

  it('charts what is new: most of the global top 20 came out within two years', () => {
    const albums = new Map(data.albums.map((a) => [a.id, a]));
    const asOf = Number(data.header.asOf.slice(0, 4));
    const recent = global.trackIds.slice(0, 20).filter((id) => {
      const date = albums.get(byId.get(id)!.albumId)!.releaseDate;
      return date !== null && Number(date.slice(0, 4)) >= asOf - 2;
    });
    expect(recent.length).toBeGreaterThanOrEqual(12);
  });

  it('keeps popularity long-tailed: a few tracks far above the median, most well below the top', () => {
    const ranks = data.tracks.map((t) => t.rank).sort((a, b) => a - b);
    const median = quantile(ranks, 0.5);
    expect(quantile(ranks, 0.99)).toBeGreaterThan(2 * median);
    expect(ranks.at(-1)!).toBeGreaterThan(3.5 * median);
    expect(quantile(ranks, 0.9)).toBeLessThan(0.5 * ranks.at(-1)!);
    // Chart entries come from that tail: the global top 20 all rank above the catalogue's 90th percentile.
    for (const id of global.trackIds.slice(0, 20)) expect(byId.get(id)!.rank).toBeGreaterThan(quantile(ranks, 0.9));
  });
});
