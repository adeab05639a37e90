/**
 * @module
 * Lists derived from the generated artists and tracks: related artists (same genre, similar
 * following), charts (`buildCharts`), editorial new releases, and user and editorial
 * playlists.
 */
import type { AlbumRecord, ArtistRecord, ChartRecord, PlaylistRecord, TrackRecord } from '../format.ts';
import { buildCharts } from './charts.ts';
import { ID_BASE } from './ids.ts';
import { GENRE_PROFILES } from './genre-profiles.ts';
import { editorialPlaylistTitles, userName, userPlaylistTitle } from './names.ts';
import type { Random } from '../../../utils/random.ts';

const EDITORS = { id: 1, name: 'Sleeve Editors' };

interface Input {
  artists: ArtistRecord[];
  albums: AlbumRecord[];
  tracks: TrackRecord[];
  asOf: string;
}
interface Lists {
  charts: ChartRecord[];
  newReleases: number[];
  playlists: PlaylistRecord[];
}

const byRank = (a: TrackRecord, b: TrackRecord): number => b.rank - a.rank || a.id - b.id;

export function buildLists(r: Random, input: Input): Lists {
  relateArtists(input.artists);
  const ranked = [...input.tracks].sort(byRank);
  return { charts: buildCharts(r, input), newReleases: newReleases(input), playlists: playlists(r, input, ranked) };
}

/** Neighbours by following within the primary genre, nearest first. */
function relateArtists(artists: ArtistRecord[]): void {
  const groups = new Map<string, ArtistRecord[]>();
  for (const a of artists) {
    const group = groups.get(a.genres[0]!);
    if (group) group.push(a);
    else groups.set(a.genres[0]!, [a]);
  }
  for (const group of groups.values()) {
    group.sort((a, b) => b.fans - a.fans || a.id - b.id);
    group.forEach((artist, i) => {
      for (let step = 1; step <= 5; step++) {
        for (const j of [i - step, i + step]) if (group[j]) artist.related.push(group[j].id);
      }
    });
  }
}

/** The newest dated releases, most followed first within a day. */
function newReleases(input: Input): number[] {
  const dated = input.albums.filter((a) => a.releaseDate !== null);
  dated.sort((a, b) =>
    b.releaseDate! < a.releaseDate! ? -1 : b.releaseDate! > a.releaseDate! ? 1 : b.fans - a.fans || a.id - b.id,
  );
  return dated.slice(0, 100).map((a) => a.id);
}

function playlists(r: Random, input: Input, ranked: TrackRecord[]): PlaylistRecord[] {
  const genreOf = new Map(input.artists.map((a) => [a.id, a.genres[0]!]));
  const pools = new Map<string, TrackRecord[]>(GENRE_PROFILES.map((g) => [g.name, []]));
  for (const t of ranked) pools.get(genreOf.get(t.artistId)!)?.push(t);
  const out: PlaylistRecord[] = [];
  const add = (title: string, genre: string, creator: { id: number; name: string }, editorial: boolean): void => {
    const pool = pools.get(genre) ?? [];
    const picked = new Set<number>();
    const want = Math.min(pool.length, r.int(10, editorial ? 60 : 80));
    // Cubing the draw favours the top of the popularity-sorted pool without excluding the tail.
    for (let tries = 0; picked.size < want && tries < want * 4; tries++)
      picked.add(pool[Math.floor(pool.length * r.next() ** 3)]!.id);
    out.push({
      type: 'playlist',
      id: ID_BASE.playlist + out.length,
      title,
      description: editorial
        ? `The ${genre} tracks our editors are playing now.`
        : `A ${genre.toLowerCase()} playlist by ${creator.name}.`,
      creator,
      public: true,
      fans: Math.round(r.pareto(editorial ? 2000 : 3, editorial ? 1.1 : 0.9)),
      editorial,
      trackIds: [...picked],
      coverUrl: null,
    });
  };
  for (const g of GENRE_PROFILES)
    for (const title of editorialPlaylistTitles(r, g.name, 2)) add(title, g.name, EDITORS, true);
  const users = Math.max(20, Math.round(input.tracks.length / 200));
  for (let k = 0; k < users; k++) {
    const genre = GENRE_PROFILES[r.weighted(GENRE_PROFILES.map((g) => g.weight))]!.name;
    add(userPlaylistTitle(r, genre), genre, { id: 50_000_000 + r.int(0, users * 3), name: userName(r) }, false);
  }
  return out;
}
