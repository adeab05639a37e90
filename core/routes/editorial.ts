/** @module `GET /editorial/genres` (spec §4.18): the genre list, id 0 `All` included. */
import { defineEndpoint } from '../http/endpoint.ts';
import { genreView } from '../shape/genre.ts';
import { genreSchema, listOf } from '../schemas/responses/index.ts';

export const editorialGenres = defineEndpoint({
  path: '/editorial/genres',
  summary: 'Every genre, `All` (id 0) first, with its picture.',
  rateLimit: 60,
  cache: 'forever',
  response: listOf(genreSchema),
  async handle({ deps, request, base }) {
    const genres = await deps.sources.music.genres({ signal: request.signal });
    return genres.map((genre) => genreView(genre, base));
  },
});
