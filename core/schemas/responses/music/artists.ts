/** @module Schemas of the artist variants, and their types (inferred, never restated). */
import * as v from 'valibot';
import { count, id, image, score } from '../common.ts';
import { ARTIST_INFO_RELATED, ARTIST_INFO_TOP_TRACKS } from '../../../services/music/artist.ts';
import { artistInfoTopTrackSchema } from './tracks.ts';

const entry = { id, name: v.string(), image, fans: count };

export const artistEntrySchema = v.strictObject(entry);
export type ArtistEntry = v.InferOutput<typeof artistEntrySchema>;

export const searchArtistSchema = v.strictObject({ ...entry, albumCount: count, score });
export type SearchArtist = v.InferOutput<typeof searchArtistSchema>;

/** At most the top tracks and related artists `/artist/info` fetches (10 and 6). */
export const fullArtistSchema = v.strictObject({
  ...entry,
  albumCount: count,
  topTracks: v.pipe(v.array(artistInfoTopTrackSchema), v.maxLength(ARTIST_INFO_TOP_TRACKS)),
  relatedArtists: v.pipe(v.array(artistEntrySchema), v.maxLength(ARTIST_INFO_RELATED)),
});
export type FullArtist = v.InferOutput<typeof fullArtistSchema>;
