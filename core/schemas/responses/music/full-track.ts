/**
 * @module
 * Schemas of `/track/info` and `/track/isrc`, found or not, and their
 * types (inferred, never restated).
 */
import * as v from 'valibot';
import {
  count,
  cover,
  duration,
  id,
  image,
  int,
  isrc,
  optionalDate,
  recordType,
  ref,
  strings,
  unit,
} from '../common.ts';
import { isrcRecommendationSchema, recommendationSchema } from './tracks.ts';

const featureEntries = {
  key: v.string(),
  keyIndex: v.pipe(int, v.minValue(-1), v.maxValue(11)),
  mode: v.picklist(['Major', 'Minor'] as const),
  tempo: v.number(),
  loudness: v.pipe(v.number(), v.maxValue(0)),
  energy: unit,
  danceability: unit,
  valence: unit,
  acousticness: unit,
  instrumentalness: unit,
  liveness: unit,
  speechiness: unit,
};
const isrcFeatures = v.strictObject(featureEntries);
export type IsrcFeatures = v.InferOutput<typeof isrcFeatures>;
/** D17: only `/track/info`'s features carry `timeSignature`. */
const infoFeatures = v.strictObject({ ...featureEntries, timeSignature: v.pipe(int, v.minValue(1)) });
export type InfoFeatures = v.InferOutput<typeof infoFeatures>;

const albumEntries = {
  id,
  name: v.string(),
  albumType: recordType,
  releaseDate: optionalDate,
  totalTracks: count,
  label: v.string(),
  genres: strings,
  cover,
};
const trackAlbum = v.strictObject(albumEntries);
export type TrackAlbum = v.InferOutput<typeof trackAlbum>;
/** D17: the row the interface calls "the service". */
const primaryArtist = v.strictObject({ id, name: v.string(), genres: strings, image });
const head = {
  found: v.literal(true),
  id,
  name: v.string(),
  explicit: v.boolean(),
  isrc,
  durationMs: count,
  durationFormatted: duration,
  artists: v.array(ref),
  primaryArtist,
};

export const infoTrackSchema = v.strictObject({
  ...head,
  album: trackAlbum,
  audioFeatures: v.nullable(infoFeatures),
  recommendations: v.array(recommendationSchema),
});
export type InfoTrack = v.InferOutput<typeof infoTrackSchema>;

export const isrcTrackSchema = v.strictObject({
  ...head,
  trackNumber: v.nullable(count),
  discNumber: v.nullable(count),
  album: v.strictObject({ ...albumEntries, upc: v.string() }),
  audioFeatures: v.nullable(isrcFeatures),
  recommendations: v.array(isrcRecommendationSchema),
});
export type IsrcTrack = v.InferOutput<typeof isrcTrackSchema>;

/** D5: a track that cannot be found is a 200, `{ found: false }` plus the inputs echoed. */
export const trackNotFoundSchema = v.strictObject({
  found: v.literal(false),
  artist: v.optional(v.string()),
  title: v.optional(v.string()),
  isrc: v.optional(v.string()),
});
export type TrackNotFound = v.InferOutput<typeof trackNotFoundSchema>;
