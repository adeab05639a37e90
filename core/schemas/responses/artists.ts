/** @module Spec §2.4: schemas of the artist variants. */
import * as v from 'valibot';
import type { ArtistEntry, FullArtist, SearchArtist } from '../../shape/artist.ts';
import { count, id, image, score } from './common.ts';
import { artistInfoTopTrackSchema } from './tracks.ts';

const entry = { id, name: v.string(), image, fans: count };

export const artistEntrySchema: v.GenericSchema<ArtistEntry> = v.strictObject(entry);

export const searchArtistSchema: v.GenericSchema<SearchArtist> = v.strictObject({ ...entry, albumCount: count, score });

export const fullArtistSchema: v.GenericSchema<FullArtist> = v.strictObject({
  ...entry, albumCount: count,
  topTracks: v.pipe(v.array(artistInfoTopTrackSchema), v.maxLength(10)),
  relatedArtists: v.pipe(v.array(artistEntrySchema), v.maxLength(6)),
});
