/** @module A genre, its schema and its type (inferred, never restated). */
import * as v from 'valibot';
import { id } from '../common.ts';

export const genreSchema = v.strictObject({
  id,
  name: v.string(),
  image: v.pipe(v.string(), v.regex(/^(https?:\/\/[^/]+)?\/media\/images\/genre\/\d+\.svg$|^https?:\/\//)),
});
export type GenreView = v.InferOutput<typeof genreSchema>;
