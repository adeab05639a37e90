/**
 * @module
 * `GET /editorial/genres`: the genre list, id 0 `All` included; and D21's
 * `/editorial/selection` and `/editorial/charts`: an editorial's picks and charts.
 */
import * as v from 'valibot';
import { defineEndpoint } from '../../http/endpoint.ts';
import { genreIdParam, integerParam } from '../../schemas/params.ts';
import { genreView } from '../../shape/music/genre.ts';
import { editorialChartsBody, editorialSelectionBody } from '../../shape/music/editorial.ts';
import { capability, requireEditorial } from '../../services/music/editorial.ts';
import { editorialChartsSchema, editorialSelectionSchema, genreSchema, listOf } from '../../schemas/responses/index.ts';

export const editorialGenres = defineEndpoint({
  path: '/editorial/genres',
  summary: 'Every genre, `All` (id 0) first, with its picture.',
  rateLimit: 60,
  cache: 'forever',
  response: listOf(genreSchema),
  async handle({ deps, scope, base }) {
    const genres = await deps.drivers.music.genres({ scope: scope });
    return genres.map((genre) => genreView(genre, base));
  },
});

export const editorialSelection = defineEndpoint({
  path: '/editorial/selection',
  summary: "The albums an editorial picks (id 0, the default: all genres), in the editors' order.",
  description:
    'Editorial ids are the genre ids of `/editorial/genres`; an unknown one is a 404. Deezer lists no dates here: `releaseDate` is then null.',
  rateLimit: 60,
  cache: 60 * 60,
  params: v.object({ id: genreIdParam('id', 0), limit: integerParam('limit', 1, 50, 25) }),
  example: { id: '106', limit: '10' },
  response: editorialSelectionSchema,
  async handle({ params, deps, scope, base }) {
    const { music } = deps.drivers;
    const select = capability(music, 'editorialSelection');
    const editorial = await requireEditorial(music, params.id, scope);
    const albums = await select(editorial.id, { limit: params.limit, scope: scope });
    return editorialSelectionBody(editorial, albums.slice(0, params.limit), base);
  },
});

export const editorialCharts = defineEndpoint({
  path: '/editorial/charts',
  summary:
    "An editorial's charts (id 0, the default: all genres): tracks, albums, artists and playlists, each numbered.",
  description:
    'Editorial ids are the genre ids of `/editorial/genres`; an unknown one is a 404. `limit` caps each of the four lists.',
  rateLimit: 60,
  cache: 60 * 60,
  params: v.object({ id: genreIdParam('id', 0), limit: integerParam('limit', 1, 50, 10) }),
  example: { id: '106', limit: '5' },
  response: editorialChartsSchema,
  async handle({ params, deps, scope, base }) {
    const { music } = deps.drivers;
    const charts = capability(music, 'editorialCharts');
    const editorial = await requireEditorial(music, params.id, scope);
    return editorialChartsBody(editorial, await charts(editorial.id, { limit: params.limit, scope: scope }), base);
  },
});
