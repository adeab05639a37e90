/**
 * @module
 * Which generated tracks go without an ISRC (D18). A released track in a real catalogue nearly
 * always has one, so one without is rare (at most `UNCODED_SHARE` of the tracks) and obscure:
 * never in the top 100 of a chart (a country's, the global one, a genre's), never on a new
 * release, never among an artist's 10 top tracks. A few are kept, the least popular of those the
 * generator drew without one, so `audioFeatures: null` stays real. Settled after the lists,
 * which depend on popularity and dates only.
 */
import type { ArtistRecord, CatalogData, TrackRecord } from '../format.ts';
import { fold } from '../../../text/fold.ts';

/** At most this share of the tracks has no ISRC (1 in 200). */
const UNCODED_SHARE = 0.005;
/** The positions of a chart no ISRC-less track may hold. */
const CHART_TOP = 100;
/** The top tracks of an artist no ISRC-less track may be. */
const ARTIST_TOP = 10;

const byRank = (a: TrackRecord, b: TrackRecord): number => b.rank - a.rank || a.id - b.id;

/** Tracks a listener meets first: charts' top 100s, new releases, artists' top 10s. */
function prominentTracks(
  data: Pick<CatalogData, 'tracks' | 'albums' | 'artists' | 'charts' | 'newReleases'>,
): Set<number> {
  const prominent = new Set<number>();
  for (const chart of data.charts) for (const id of chart.trackIds.slice(0, CHART_TOP)) prominent.add(id);
  const released = new Set(data.newReleases);
  const byArtist = new Map<number, TrackRecord[]>();
  const byGenre = new Map<string, TrackRecord[]>();
  const artists = new Map<number, ArtistRecord>(data.artists.map((a) => [a.id, a]));
  const into = <K>(map: Map<K, TrackRecord[]>, key: K, t: TrackRecord) =>
    void (map.get(key)?.push(t) ?? map.set(key, [t]));
  for (const t of data.tracks) {
    if (released.has(t.albumId)) prominent.add(t.id);
    // As the store lists them: an artist's tracks include the ones they are featured on.
    for (const id of [t.artistId, ...t.featured]) into(byArtist, id, t);
    for (const genre of artists.get(t.artistId)?.genres ?? []) into(byGenre, fold(genre), t);
  }
  const top = (lists: Iterable<TrackRecord[]>, n: number) => {
    for (const list of lists) for (const t of list.sort(byRank).slice(0, n)) prominent.add(t.id);
  };
  top(byArtist.values(), ARTIST_TOP);
  // The genre charts (`/genre/chart`) are a genre's tracks by popularity.
  top(byGenre.values(), CHART_TOP);
  return prominent;
}

/**
 * Of the tracks drawn without an ISRC, the ones that keep none: not prominent, the least popular
 * first, at most `UNCODED_SHARE` of all tracks. Every other one is given an ISRC by the caller.
 */
export function keptUncoded(
  data: Pick<CatalogData, 'tracks' | 'albums' | 'artists' | 'charts' | 'newReleases'>,
  uncoded: readonly TrackRecord[],
): Set<number> {
  const prominent = prominentTracks(data);
  const cap = Math.floor(data.tracks.length * UNCODED_SHARE);
  const obscure = uncoded.filter((t) => !prominent.has(t.id)).sort((a, b) => a.rank - b.rank || a.id - b.id);
  return new Set(obscure.slice(0, cap).map((t) => t.id));
}
