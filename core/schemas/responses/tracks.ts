/** @module Spec §2.1: schemas of the compact track variants. */
import * as v from 'valibot';
import type {
  AlbumTrackEntry, ArtistInfoTopTrack, ChartTrack, IsrcRecommendation, Recommendation, RelatedTrack, SearchTrack, TopTrack,
} from '../../shape/track.ts';
import { count, cover, duration, id, int, isrc, score } from './common.ts';

const durationMs = count;

export const searchTrackSchema: v.GenericSchema<SearchTrack> = v.strictObject({
  id, name: v.string(), artist: v.string(), artistId: id, album: v.string(), albumId: id, durationMs,
  explicit: v.boolean(), isrc, rank: v.number(), previewUrl: v.nullable(v.string()), cover, score,
});

export const relatedTrackSchema: v.GenericSchema<RelatedTrack> = v.strictObject({
  id, name: v.string(), artist: v.string(), artistId: id, album: v.string(), durationMs, explicit: v.boolean(), isrc, cover,
});

export const topTrackSchema: v.GenericSchema<TopTrack> = v.strictObject({
  id, name: v.string(), album: v.string(), albumId: id, durationMs, explicit: v.boolean(), isrc, cover,
});

export const artistInfoTopTrackSchema: v.GenericSchema<ArtistInfoTopTrack> = v.strictObject({
  id, name: v.string(), album: v.string(), albumId: id, durationMs, explicit: v.boolean(), cover,
});

export const chartTrackSchema: v.GenericSchema<ChartTrack> = v.strictObject({
  position: v.pipe(int, v.minValue(1)), id, name: v.string(), artist: v.string(), artistId: id, album: v.string(),
  durationMs, explicit: v.boolean(), cover,
});

export const albumTrackEntrySchema: v.GenericSchema<AlbumTrackEntry> = v.strictObject({
  id, title: v.string(), durationMs, explicit: v.boolean(), trackNumber: v.pipe(int, v.minValue(1)),
});

const recommendationEntries = {
  id, name: v.string(), artists: v.array(v.strictObject({ name: v.string(), id })), album: v.string(),
  durationMs, durationFormatted: duration, cover,
};

export const recommendationSchema: v.GenericSchema<Recommendation> = v.strictObject(recommendationEntries);
export const isrcRecommendationSchema: v.GenericSchema<IsrcRecommendation> = v.strictObject({ ...recommendationEntries, isrc });

/** Spec §4.10, D10: `country` is the chart served, an ISO code or `global`. */
export const hotTracksSchema: v.GenericSchema<{ country: string; tracks: ChartTrack[] }> = v.strictObject({
  country: v.pipe(v.string(), v.regex(/^([A-Z]{2}|global)$/)), tracks: v.array(chartTrackSchema),
});
