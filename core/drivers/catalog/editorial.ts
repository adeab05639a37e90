/**
 * @module
 * The demo catalogue's genre charts and editorial picks (D21), derived from the
 * records already there rather than generated: a genre's chart is its tracks by popularity,
 * its albums and artists by fans, its editorial playlists those whose tracks are mostly of
 * the genre; the editors' selection favours the last two years' releases, one per artist.
 * Id 0 (`All`) stands for every genre. Each list is built once per catalogue and genre, on
 * first use (most deployments never ask), and kept with the catalogue.
 */
import type { AlbumRecord, ArtistRecord, PlaylistRecord, TrackRecord } from './format.ts';
import { fold } from '../../text/fold.ts';
import type { CatalogStore } from './store.ts';

export interface GenreLists {
  /** Most popular first. */
  tracks: readonly TrackRecord[];
  /** Most fans first. */
  albums: readonly AlbumRecord[];
  artists: readonly ArtistRecord[];
  playlists: readonly PlaylistRecord[];
  /** The editors' picks, in their order. */
  selection: readonly AlbumRecord[];
}

/** How far back (from the catalogue's `asOf` day) the editors look first for their picks. */
const RECENT_DAYS = 730;

const byFans = <T extends { fans: number; id: number }>(a: T, b: T): number => b.fans - a.fans || a.id - b.id;

const built = new WeakMap<CatalogStore, Map<number, GenreLists>>();

/** The lists of a genre of the catalogue, or null when it has no such genre. */
export function genreLists(store: CatalogStore, genreId: number): GenreLists | null {
  const genre = store.genres.get(genreId);
  if (genre === undefined) return null;
  let lists = built.get(store);
  if (lists === undefined) built.set(store, (lists = new Map()));
  let found = lists.get(genreId);
  if (found === undefined) lists.set(genreId, (found = build(store, genreId === 0 ? null : fold(genre.name), genreId)));
  return found;
}

function build(store: CatalogStore, name: string | null, genreId: number): GenreLists {
  const { data } = store;
  const tracks = name === null ? globalChart(store) : (store.genreTracks.get(name) ?? []);
  const albums = data.albums.filter((a) => name === null || a.genreId === genreId).sort(byFans);
  const artists = data.artists.filter((a) => name === null || a.genres.some((g) => fold(g) === name)).sort(byFans);
  const inGenre = new Set(tracks.map((t) => t.id));
  // A playlist belongs to the genre most of its tracks belong to.
  const playlists = data.playlists
    .filter(
      (p) =>
        p.editorial && (name === null || p.trackIds.filter((id) => inGenre.has(id)).length * 2 > p.trackIds.length),
    )
    .sort(byFans);
  return { tracks, albums, artists, playlists, selection: selection(albums, data.header.asOf) };
}

function globalChart(store: CatalogStore): TrackRecord[] {
  const global = store.data.charts.find((chart) => chart.country === 'global')?.trackIds ?? [];
  return global.map((id) => store.tracks.get(id)).filter((t) => t !== undefined);
}

/** Recent releases first (most fans first), then the rest; one album per artist. */
function selection(albums: readonly AlbumRecord[], asOf: string): AlbumRecord[] {
  const since = new Date(Date.parse(asOf) - RECENT_DAYS * 86_400_000).toISOString().slice(0, 10);
  const recent = (a: AlbumRecord): boolean => a.releaseDate !== null && a.releaseDate >= since;
  const seen = new Set<number>();
  return [...albums.filter(recent), ...albums.filter((a) => !recent(a))].filter(
    (a) => !seen.has(a.artistId) && (seen.add(a.artistId), true),
  );
}
