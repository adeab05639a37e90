/**
 * @module
 * The `/genre/chart`, `/editorial/selection` and `/editorial/charts` bodies,
 * from the compact variants every other list uses (chart tracks, new releases, artist
 * entries, playlist results), numbered where they are a chart.
 */
import type {
  EditorialChartsBody,
  EditorialSelectionBody,
  GenreChartBody,
} from '../../schemas/responses/music/editorial.ts';
import type { AlbumHit, EditorialCharts, Genre, TrackHit } from '../../domain/music.ts';
import { newRelease } from './album.ts';
import { artistEntry } from './artist.ts';
import { genreView } from './genre.ts';
import { playlistResult } from './playlist.ts';
import { chartTrack } from './track.ts';

export function genreChartBody(genre: Genre, tracks: readonly TrackHit[], base: string): GenreChartBody {
  return { genre: genreView(genre, base), tracks: tracks.map((t, i) => chartTrack(t, i + 1, base)) };
}

export function editorialSelectionBody(
  editorial: Genre,
  albums: readonly AlbumHit[],
  base: string,
): EditorialSelectionBody {
  return { editorial: genreView(editorial, base), albums: albums.map((a) => newRelease(a, base)) };
}

export function editorialChartsBody(editorial: Genre, charts: EditorialCharts, base: string): EditorialChartsBody {
  return {
    editorial: genreView(editorial, base),
    tracks: charts.tracks.map((t, i) => chartTrack(t, i + 1, base)),
    albums: charts.albums.map((a, i) => ({ position: i + 1, ...newRelease(a, base) })),
    artists: charts.artists.map((a, i) => ({ position: i + 1, ...artistEntry(a, base) })),
    playlists: charts.playlists.map((p, i) => ({ position: i + 1, ...playlistResult(p, base) })),
  };
}
