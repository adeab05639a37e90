/** @module Spec §2.6: `{ id, name, image }`. */
import type { Genre } from '../sources/types.ts';

export interface GenreView {
  id: number;
  name: string;
  image: string;
}

export function genreView(genre: Genre, base: string): GenreView {
  return { id: genre.id, name: genre.name, image: genre.imageUrl ?? `${base}/media/images/genre/${genre.id}.svg` };
}
