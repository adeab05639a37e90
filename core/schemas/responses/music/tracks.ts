/** @module Schemas of the compact track variants, and their types (inferred, never restated). */
import * as v from 'valibot';
import { count, cover, duration, id, int, isrc, score } from '../common.ts';

const durationMs = count;

export const searchTrackSchema = v.strictObject({
  id,
  name: v.string(),
  artist: v.string(),
  artistId: id,
  album: v.string(),
  albumId: id,
  durationMs,
  explicit: v.boolean(),
  isrc,
  rank: v.number(),
  previewUrl: v.nullable(v.string()),
  cover,
  score,
});
export type SearchTrack = v.InferOutput<typeof searchTrackSchema>;

export const relatedTrackSchema = v.strictObject({
  id,
  name: v.string(),
  artist: v.string(),
  artistId: id,
  album: v.string(),
  durationMs,
  explicit: v.boolean(),
  isrc,
  cover,
});
export type RelatedTrack = v.InferOutput<typeof relatedTrackSchema>;

export const topTrackSchema = v.strictObject({
  id,
  name: v.string(),
  album: v.string(),
  albumId: id,
  durationMs,
  explicit: v.boolean(),
  isrc,
  cover,
});
export type TopTrack = v.InferOutput<typeof topTrackSchema>;

/** `/artist/info`'s top tracks: a top track without the ISRC. */
export const artistInfoTopTrackSchema = v.strictObject({
  id,
  name: v.string(),
  album: v.string(),
  albumId: id,
  durationMs,
  explicit: v.boolean(),
  cover,
});
export type ArtistInfoTopTrack = v.InferOutput<typeof artistInfoTopTrackSchema>;

export const chartTrackSchema = v.strictObject({
  position: v.pipe(int, v.minValue(1)),
  id,
  name: v.string(),
  artist: v.string(),
  artistId: id,
  album: v.string(),
  durationMs,
  explicit: v.boolean(),
  cover,
});
export type ChartTrack = v.InferOutput<typeof chartTrackSchema>;

export const albumTrackEntrySchema = v.strictObject({
  id,
  title: v.string(),
  durationMs,
  explicit: v.boolean(),
  trackNumber: v.pipe(int, v.minValue(1)),
});
export type AlbumTrackEntry = v.InferOutput<typeof albumTrackEntrySchema>;

const recommendationEntries = {
  id,
  name: v.string(),
  artists: v.array(v.strictObject({ name: v.string(), id })),
  album: v.string(),
  durationMs,
  durationFormatted: duration,
  cover,
};

export const recommendationSchema = v.strictObject(recommendationEntries);
export type Recommendation = v.InferOutput<typeof recommendationSchema>;
export const isrcRecommendationSchema = v.strictObject({ ...recommendationEntries, isrc });
export type IsrcRecommendation = v.InferOutput<typeof isrcRecommendationSchema>;

/** D10: `country` is the chart served, an ISO code or `global`. */
export const hotTracksSchema = v.strictObject({
  country: v.pipe(v.string(), v.regex(/^([A-Z]{2}|global)$/)),
  tracks: v.array(chartTrackSchema),
});
