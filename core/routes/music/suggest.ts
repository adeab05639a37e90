/** @module `/search/suggest`: deferred answers while typing (D33). */
import * as v from 'valibot';
import { defineEndpoint } from '../../http/endpoint.ts';
import { integerParam, requiredText } from '../../schemas/params.ts';
import { suggestSchema } from '../../schemas/responses/index.ts';
import { suggest } from '../../services/search/suggest.ts';

export const searchSuggest = defineEndpoint({
  path: '/search/suggest',
  summary: 'Completions while typing: artist, track and album names matching what is typed so far.',
  description:
    'The last word may be half typed (`velvet har`); one or two characters match the start of any word. ' +
    'Names that start with the query come first, then names holding every word as typed (a track or album may ' +
    'match by its artist), then what a spelling correction found; the more popular first within each. ' +
    "Demo mode answers from the catalogue index; live mode from Deezer's searches (three calls, six when the " +
    'last word has to be completed), cached an hour.',
  rateLimit: 60,
  cache: 60 * 60,
  params: v.object({ query: requiredText('query'), limit: integerParam('limit', 1, 20, 10) }),
  example: { query: 'lo', limit: '8' },
  response: suggestSchema,
  async handle({ params, deps, scope }) {
    return {
      query: params.query,
      suggestions: await suggest(deps.drivers.music, params.query, params.limit, scope),
    };
  },
});
