/** @module Spec §2.3: schemas of the album variants. */
import * as v from 'valibot';
import type { AlbumSearchResult, DiscographyRelease, FullAlbum, NewRelease, SearchAlbum } from '../../shape/album.ts';
import type { AlbumTracklist } from '../../shape/album-tracks.ts';
import type { DiscographyBody } from '../../shape/discography.ts';
import { count, cover, id, isrc, optionalDate, recordType, ref, score, strings } from './common.ts';
import { albumTrackEntrySchema } from './tracks.ts';

const head = { id, title: v.string(), artist: v.string(), artistId: id, cover };
const genreId = v.nullable(id);

export const searchAlbumSchema: v.GenericSchema<SearchAlbum> = v.strictObject({
  ...head, releaseDate: optionalDate, recordType, explicit: v.boolean(), trackCount: count, genreId, score,
});

export const albumSearchResultSchema: v.GenericSchema<AlbumSearchResult> = v.strictObject({
  ...head, releaseDate: optionalDate, trackCount: count, recordType, explicit: v.boolean(),
});

export const discographyReleaseSchema: v.GenericSchema<DiscographyRelease> = v.strictObject({
  ...head, releaseDate: optionalDate, recordType, explicit: v.boolean(), genreId, fans: count,
});

const newReleaseEntries = { id, title: v.string(), artist: ref, cover, releaseDate: optionalDate, recordType };

export const newReleaseSchema: v.GenericSchema<NewRelease> = v.strictObject(newReleaseEntries);

export const fullAlbumSchema: v.GenericSchema<FullAlbum> = v.strictObject({
  ...newReleaseEntries, trackCount: count, duration: count, label: v.string(), upc: v.string(), explicit: v.boolean(),
  genres: strings, contributors: v.array(v.strictObject({ id, name: v.string(), role: v.string() })),
  tracks: v.array(albumTrackEntrySchema),
});

/** `/album/tracks` (README). */
export const albumTracklistSchema: v.GenericSchema<AlbumTracklist> = v.strictObject({
  id, title: v.string(), artist: ref, trackCount: count,
  tracks: v.array(v.strictObject({
    id, title: v.string(), isrc, trackNumber: count, discNumber: count, durationMs: count, explicit: v.boolean(), artists: v.array(ref),
  })),
});

const releases = v.optional(v.array(discographyReleaseSchema));
const year = v.nullable(v.pipe(v.string(), v.regex(/^\d{4}$/)));

/** Spec §4.5, D16. The four arrays are optional because `type` keeps only one. */
export const discographySchema: v.GenericSchema<DiscographyBody> = v.strictObject({
  artist: v.string(), artistId: id, total: count,
  counts: v.strictObject({ albums: count, singles: count, eps: count, compilations: count }),
  activeFrom: year, activeTo: year, albums: releases, singles: releases, eps: releases, compilations: releases,
});
