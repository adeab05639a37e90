/** @module `GET /editorial/genres` (spec §4.18): the genre list, id 0 `All` included. */
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';
import { genreView } from '../shape/genre.ts';
import { baseUrlOf } from '../shape/urls.ts';

export const editorialGenres: Endpoint = defineEndpoint({
  path: '/editorial/genres',
  rateLimit: 60,
  cache: 'forever',
  async handle({ deps, request }) {
    const genres = await deps.sources.music.genres({ signal: request.signal });
    const base = baseUrlOf(deps.options.baseUrl, request);
    return genres.map((genre) => genreView(genre, base));
  },
});
