/**
 * @module
 * D21: `/genre/chart`, `/editorial/selection`, `/editorial/charts`. Each names
 * the genre or editorial it answers for (its `/editorial/genres` entry), then its lists in
 * chart order; chart entries carry their `position`, as `/track/hot`'s tracks do.
 */
import * as v from 'valibot';
import { newReleaseSchema } from './albums.ts';
import { artistEntrySchema } from './artists.ts';
import { int } from '../common.ts';
import { genreSchema } from './genres.ts';
import { playlistResultSchema } from './playlists.ts';
import { chartTrackSchema } from './tracks.ts';

const position = v.pipe(int, v.minValue(1));

const chartAlbumSchema = v.strictObject({ position, ...newReleaseSchema.entries });
const chartArtistSchema = v.strictObject({ position, ...artistEntrySchema.entries });
const chartPlaylistSchema = v.strictObject({ position, ...playlistResultSchema.entries });

export const genreChartSchema = v.strictObject({ genre: genreSchema, tracks: v.array(chartTrackSchema) });
export type GenreChartBody = v.InferOutput<typeof genreChartSchema>;

/** Editors' picks carry no dates in Deezer's listing: `releaseDate` is then null. */
export const editorialSelectionSchema = v.strictObject({ editorial: genreSchema, albums: v.array(newReleaseSchema) });
export type EditorialSelectionBody = v.InferOutput<typeof editorialSelectionSchema>;

export const editorialChartsSchema = v.strictObject({
  editorial: genreSchema,
  tracks: v.array(chartTrackSchema),
  albums: v.array(chartAlbumSchema),
  artists: v.array(chartArtistSchema),
  playlists: v.array(chartPlaylistSchema),
});
export type EditorialChartsBody = v.InferOutput<typeof editorialChartsSchema>;
