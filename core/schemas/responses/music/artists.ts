/** @module Schemas of the artist variants, and their types (inferred, never restated). */
import * as v from 'valibot';
import { count, id, image, score } from '../common.ts';
import { artistInfoTopTrackSchema } from './tracks.ts';

const entry = { id, name: v.string(), image, fans: count };

export const artistEntrySchema = v.strictObject(entry);
export type ArtistEntry = v.InferOutput<typeof artistEntrySchema>;

export const searchArtistSchema = v.strictObject({ ...entry, albumCount: count, score });
export type SearchArtist = v.InferOutput<typeof searchArtistSchema>;

/** At most 10 top tracks and 6 related artists (`ARTIST_INFO_*` in `services/music/artist.ts`). */
export const fullArtistSchema = v.strictObject({
  ...entry,
  albumCount: count,
  topTracks: v.pipe(v.array(artistInfoTopTrackSchema), v.maxLength(10)),
  relatedArtists: v.pipe(v.array(artistEntrySchema), v.maxLength(6)),
});
export type FullArtist = v.InferOutput<typeof fullArtistSchema>;
