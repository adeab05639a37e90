/** @module `GET /editorial/genres` (spec §4.18): the genre list, id 0 `All` included. */
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';
import { genreView } from '../shape/genre.ts';

export const editorialGenres: Endpoint = defineEndpoint({
  path: '/editorial/genres',
  rateLimit: 60,
  cache: 'forever',
  async handle({ deps, request }) {
    const genres = await deps.sources.music.genres({ signal: request.signal });
    return genres.map((genre) => genreView(genre, deps.options.baseUrl ?? new URL(request.url).origin));
  },
});
