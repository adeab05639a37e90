/** @module Spec §2.6: a genre. */
import * as v from 'valibot';
import type { GenreView } from '../../shape/genre.ts';
import { id } from './common.ts';

export const genreSchema: v.GenericSchema<GenreView> = v.strictObject({
  id, name: v.string(), image: v.pipe(v.string(), v.regex(/^(https?:\/\/[^/]+)?\/media\/images\/genre\/\d+\.svg$|^https?:\/\//)),
});
