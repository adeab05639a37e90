/**
 * @module
 * `GET /genre/chart?id=` (D21): a genre's chart, most played first, numbered like
 * `/track/hot`'s. Ids are `/editorial/genres`' (0 is every genre: the global chart). Live:
 * Deezer's `/chart/{id}/tracks`; demo: the catalogue's tracks of the genre by popularity.
 */
import * as v from 'valibot';
import { defineEndpoint } from '../../http/endpoint.ts';
import { genreIdParam, integerParam } from '../../schemas/params.ts';
import { genreChartSchema } from '../../schemas/responses/index.ts';
import { capability, requireGenre } from '../../services/music/editorial.ts';
import { genreChartBody } from '../../shape/music/editorial.ts';

export const genreChart = defineEndpoint({
  path: '/genre/chart',
  summary: "A genre's chart, most played first (id 0: every genre). Ids are those of /editorial/genres.",
  description: 'An id that is not a genre of `/editorial/genres` is a 404.',
  rateLimit: 60,
  cache: 60 * 60,
  params: v.object({ id: genreIdParam('id'), limit: integerParam('limit', 1, 100, 25) }),
  example: { id: '106', limit: '10' },
  response: genreChartSchema,
  async handle({ params, deps, scope, base }) {
    const { music } = deps.drivers;
    const chart = capability(music, 'genreChart');
    const genre = await requireGenre(music, params.id, scope);
    return genreChartBody(
      genre,
      (await chart(genre.id, { limit: params.limit, scope: scope })).slice(0, params.limit),
      base,
    );
  },
});
