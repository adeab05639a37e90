/**
 * @module
 * The demo charts: a global chart and one per country (a country without one is served the
 * global chart).
 * A chart ranks what is hot now, not what is popular overall: a track's heat is its rank (its
 * long-tailed popularity) times how recent its release is, so this year's releases lead and a
 * few evergreens remain.
 *
 * Like real charts, no act fills one: an artist has at most 2 of the top 10, 3 of the top 20
 * and 5 of the top 100 (the recorded Deezer charts have at most 2 per artist in their top 10).
 * A country chart is 30 % local acts (artists from that country) and 70 % the international
 * hits the global chart carries, both reordered by the country's own taste (a seeded noise per
 * country). 30 % is what the recorded Deezer country charts show: in both the UK chart
 * (`/chart`, 2021-10-17) and the French one (`/chart/0`, 2022-04-23), 3 of the top 10 tracks
 * are by local acts and 7 by acts from elsewhere. Local slots are spread evenly down the chart,
 * so every chart has its local acts near the top, not only by chance.
 */
import type { AlbumRecord, ArtistRecord, ChartRecord, TrackRecord } from '../format.ts';
import type { Random } from '../../../utils/random.ts';

export const CHART_COUNTRIES: readonly string[] = [
  'US',
  'GB',
  'FR',
  'DE',
  'BR',
  'JP',
  'MX',
  'ES',
  'IT',
  'NL',
  'SE',
  'CA',
  'AU',
];
const CHART_SIZE = 100;
/** Share of a country chart's entries by local acts (from the recorded Deezer charts, above). */
export const LOCAL_SHARE = 0.3;

/** How many of an artist's tracks a chart takes above `position` (0-based). */
const artistCap = (position: number): number => (position < 10 ? 2 : position < 20 ? 3 : 5);

interface Input {
  artists: ArtistRecord[];
  albums: AlbumRecord[];
  tracks: TrackRecord[];
  asOf: string;
}
interface Hot {
  t: TrackRecord;
  heat: number;
}

const DAY = 86_400_000;

/** 1 for a release of the last weeks, halving about every five months, never below 0.1. */
const recency = (ageDays: number): number => 0.1 + 0.9 * Math.exp(-Math.max(0, ageDays) / 220);

/** The hottest tracks, enough for every chart's pick: sorting a few thousand, not the catalogue. */
function hottest(input: Input): Hot[] {
  const asOf = Date.parse(input.asOf);
  const released = new Map(
    input.albums.map((a) => [a.id, a.releaseDate === null ? Number.NaN : Date.parse(a.releaseDate)]),
  );
  const heat = new Float64Array(input.tracks.length);
  input.tracks.forEach((t, i) => {
    const day = released.get(t.albumId) ?? Number.NaN;
    heat[i] = t.rank * recency(Number.isNaN(day) ? 3650 : (asOf - day) / DAY);
  });
  const wanted = Math.min(input.tracks.length, Math.max(CHART_SIZE * 30, Math.ceil(input.tracks.length / 20)));
  const threshold = wanted === 0 ? 0 : Float64Array.from(heat).sort()[heat.length - wanted]!;
  const hot: Hot[] = [];
  input.tracks.forEach((t, i) => {
    if (heat[i]! >= threshold) hot.push({ t, heat: heat[i]! });
  });
  return hot.sort((a, b) => b.heat - a.heat || a.t.id - b.t.id);
}

/**
 * Fills a chart position by position from ranked lists: `lead(position)` says which list
 * leads; the best track of it whose artist is under the cap is taken, else the other's.
 */
function fill(lists: readonly (readonly TrackRecord[])[], lead: (position: number) => 0 | 1): number[] {
  const chart: number[] = [];
  const taken = new Set<number>();
  const perArtist = new Map<number, number>();
  const best = (list: readonly TrackRecord[] | undefined, cap: number): TrackRecord | undefined =>
    list?.find((t) => !taken.has(t.id) && (perArtist.get(t.artistId) ?? 0) < cap);
  while (chart.length < CHART_SIZE) {
    const cap = artistCap(chart.length);
    const first = lead(chart.length);
    const track = best(lists[first], cap) ?? best(lists[1 - first], cap);
    if (!track) break;
    chart.push(track.id);
    taken.add(track.id);
    perArtist.set(track.artistId, (perArtist.get(track.artistId) ?? 0) + 1);
  }
  return chart;
}

/** A country's own order of `hot`: heat times a seeded taste per track, best first. */
function byTaste(taste: Random, hot: readonly Hot[]): TrackRecord[] {
  const scored = hot.map((h) => ({ t: h.t, score: h.heat * taste.normal(1, 0.2, 0.5, 1.6) }));
  return scored.sort((a, b) => b.score - a.score || a.t.id - b.t.id).map((s) => s.t);
}

/** International hits a country chart looks through: taste lifts a track by at most 1.6/0.5, so the top few hundred suffice. */
const INTERNATIONAL_DEPTH = CHART_SIZE * 6;

export function buildCharts(r: Random, input: Input): ChartRecord[] {
  const hot = hottest(input);
  const countryOf = new Map(input.artists.map((a) => [a.id, a.country]));
  const global: ChartRecord = { type: 'chart', country: 'global', trackIds: fill([hot.map((h) => h.t)], () => 0) };
  return [
    global,
    ...CHART_COUNTRIES.map((country) => {
      const taste = r.fork(country);
      const isHome = (h: Hot): boolean => countryOf.get(h.t.artistId) === country;
      const international = byTaste(taste, hot.filter((h) => !isHome(h)).slice(0, INTERNATIONAL_DEPTH));
      const local = byTaste(taste, hot.filter(isHome));
      // Position p is local when it crosses a multiple of 1/LOCAL_SHARE: 3 in 10, evenly spread.
      const offset = taste.next() / LOCAL_SHARE;
      const isLocal = (p: number): boolean =>
        Math.floor((p + 1 + offset) * LOCAL_SHARE) > Math.floor((p + offset) * LOCAL_SHARE);
      return { type: 'chart' as const, country, trackIds: fill([international, local], (p) => (isLocal(p) ? 1 : 0)) };
    }),
  ];
}
