/**
 * @module
 * `/recommendations` (D23). The seeds and targets are echoed (null when not
 * given); each track is a related track plus its preview and the features it was chosen by
 * (null when the track has none: no ISRC, or the provider has none or failed).
 */
import * as v from 'valibot';
import { count, id, unit } from '../common.ts';
import { relatedTrackSchema } from './tracks.ts';

const maybe = <T extends v.GenericSchema>(schema: T) => v.nullable(schema);
const tempo = v.pipe(v.number(), v.minValue(0));

const recommendedTrackSchema = v.strictObject({
  ...relatedTrackSchema.entries,
  previewUrl: v.nullable(v.string()),
  features: v.nullable(v.strictObject({ energy: unit, tempo, valence: unit, danceability: unit })),
});
export type RecommendedTrack = v.InferOutput<typeof recommendedTrackSchema>;

export const recommendationsSchema = v.strictObject({
  seeds: v.strictObject({ isrc: maybe(v.string()), artist: maybe(id), genre: maybe(v.string()) }),
  targets: v.strictObject({
    energy: maybe(unit),
    tempo: maybe(tempo),
    valence: maybe(unit),
    danceability: maybe(unit),
  }),
  trackCount: count,
  tracks: v.array(recommendedTrackSchema),
});
export type RecommendationsBody = v.InferOutput<typeof recommendationsSchema>;
