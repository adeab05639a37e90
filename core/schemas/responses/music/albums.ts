/** @module Schemas of the album variants, and their types (inferred, never restated). */
import * as v from 'valibot';
import { count, cover, id, isrc, optionalDate, recordType, ref, score, strings } from '../common.ts';
import { albumTrackEntrySchema } from './tracks.ts';

const head = { id, title: v.string(), artist: v.string(), artistId: id, cover };
const genreId = v.nullable(id);

export const searchAlbumSchema = v.strictObject({
  ...head,
  releaseDate: optionalDate,
  recordType,
  explicit: v.boolean(),
  trackCount: count,
  genreId,
  score,
});
export type SearchAlbum = v.InferOutput<typeof searchAlbumSchema>;

export const albumSearchResultSchema = v.strictObject({
  ...head,
  releaseDate: optionalDate,
  trackCount: count,
  recordType,
  explicit: v.boolean(),
});
export type AlbumSearchResult = v.InferOutput<typeof albumSearchResultSchema>;

export const discographyReleaseSchema = v.strictObject({
  ...head,
  releaseDate: optionalDate,
  recordType,
  explicit: v.boolean(),
  genreId,
  fans: count,
});
export type DiscographyRelease = v.InferOutput<typeof discographyReleaseSchema>;

const newReleaseEntries = { id, title: v.string(), artist: ref, cover, releaseDate: optionalDate, recordType };

export const newReleaseSchema = v.strictObject(newReleaseEntries);
export type NewRelease = v.InferOutput<typeof newReleaseSchema>;

/** `/album/info`: a new release plus the album's details and its tracks. */
export const fullAlbumSchema = v.strictObject({
  ...newReleaseEntries,
  trackCount: count,
  duration: count,
  label: v.string(),
  upc: v.string(),
  explicit: v.boolean(),
  genres: strings,
  contributors: v.array(v.strictObject({ id, name: v.string(), role: v.string() })),
  tracks: v.array(albumTrackEntrySchema),
});
export type FullAlbum = v.InferOutput<typeof fullAlbumSchema>;

/** `/album/tracks` (docs/endpoints.md). */
export const albumTracklistSchema = v.strictObject({
  id,
  title: v.string(),
  artist: ref,
  trackCount: count,
  tracks: v.array(
    v.strictObject({
      id,
      title: v.string(),
      isrc,
      trackNumber: count,
      discNumber: count,
      durationMs: count,
      explicit: v.boolean(),
      artists: v.array(ref),
    }),
  ),
});
export type AlbumTracklist = v.InferOutput<typeof albumTracklistSchema>;

const releases = v.optional(v.array(discographyReleaseSchema));
const year = v.nullable(v.pipe(v.string(), v.regex(/^\d{4}$/)));

/** `/artist/discography` (D16). The four arrays are optional because `type` keeps only one. */
export const discographySchema = v.strictObject({
  artist: v.string(),
  artistId: id,
  total: count,
  counts: v.strictObject({ albums: count, singles: count, eps: count, compilations: count }),
  activeFrom: year,
  activeTo: year,
  albums: releases,
  singles: releases,
  eps: releases,
  compilations: releases,
});
export type DiscographyBody = v.InferOutput<typeof discographySchema>;

/**
 * `/artist/albums`: one page of an artist's releases in the source's order.
 * `total` counts them all; `next` is the URL of the next page, null on the last.
 */
export const artistAlbumsSchema = v.strictObject({
  artist: v.string(),
  artistId: id,
  total: count,
  index: count,
  albums: v.array(discographyReleaseSchema),
  next: v.nullable(v.string()),
});
export type ArtistAlbumsBody = v.InferOutput<typeof artistAlbumsSchema>;
