/**
 * @module
 * `{ id, name, image }`. The image is always this service's own
 * `/media/images/genre/<id>.svg` (images point back at the service), never the
 * upstream's address.
 */
import type { GenreView } from '../../schemas/responses/music/genres.ts';
import type { Genre } from '../../domain/music.ts';

export function genreView(genre: Genre, base: string): GenreView {
  return { id: genre.id, name: genre.name, image: `${base}/media/images/genre/${genre.id}.svg` };
}
