/** @module Spec §2.2 and D5/D17: schemas of `/track/info` and `/track/isrc`, found or not. */
import * as v from 'valibot';
import type { InfoFeatures, InfoTrack, IsrcFeatures, IsrcTrack, TrackNotFound } from '../../shape/full-track.ts';
import { count, cover, duration, id, image, int, isrc, optionalDate, recordType, ref, strings, unit } from './common.ts';
import { isrcRecommendationSchema, recommendationSchema } from './tracks.ts';

const featureEntries = {
  key: v.string(), keyIndex: v.pipe(int, v.minValue(-1), v.maxValue(11)), mode: v.picklist(['Major', 'Minor'] as const),
  tempo: v.number(), loudness: v.pipe(v.number(), v.maxValue(0)), energy: unit, danceability: unit, valence: unit,
  acousticness: unit, instrumentalness: unit, liveness: unit, speechiness: unit,
};
const isrcFeatures: v.GenericSchema<IsrcFeatures> = v.strictObject(featureEntries);
const infoFeatures: v.GenericSchema<InfoFeatures> = v.strictObject({ ...featureEntries, timeSignature: v.pipe(int, v.minValue(1)) });

const albumEntries = {
  id, name: v.string(), albumType: recordType, releaseDate: optionalDate, totalTracks: count, label: v.string(),
  genres: strings, cover,
};
const head = {
  found: v.literal(true), id, name: v.string(), explicit: v.boolean(), isrc, durationMs: count, durationFormatted: duration,
  artists: v.array(ref), primaryArtist: v.strictObject({ id, name: v.string(), genres: strings, image }),
};

export const infoTrackSchema: v.GenericSchema<InfoTrack> = v.strictObject({
  ...head, album: v.strictObject(albumEntries), audioFeatures: v.nullable(infoFeatures), recommendations: v.array(recommendationSchema),
});

export const isrcTrackSchema: v.GenericSchema<IsrcTrack> = v.strictObject({
  ...head, trackNumber: v.nullable(count), discNumber: v.nullable(count),
  album: v.strictObject({ ...albumEntries, upc: v.string() }), audioFeatures: v.nullable(isrcFeatures),
  recommendations: v.array(isrcRecommendationSchema),
});

/** D5: `{ found: false }` plus the inputs echoed. */
export const trackNotFoundSchema: v.GenericSchema<TrackNotFound> = v.strictObject({
  found: v.literal(false), artist: v.optional(v.string()), title: v.optional(v.string()), isrc: v.optional(v.string()),
});
