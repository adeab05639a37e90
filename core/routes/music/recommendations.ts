/**
 * @module
 * `GET /recommendations` (D23): tracks near one to three seeds (a track by ISRC,
 * an artist by id, genre keywords), nearest first to optional feature targets. The rules are
 * in `services/music/recommendations.ts`; the pools and the features call are `/track/related`'s
 * and `/playlist/generate`'s own.
 */
import * as v from 'valibot';
import { defineEndpoint } from '../../http/endpoint.ts';
import {
  idParam,
  integerParam,
  isrcParam,
  keywordsPattern,
  optionalInteger,
  optionalNumber,
  optionalText,
} from '../../schemas/params.ts';
import { recommendationsSchema } from '../../schemas/responses/index.ts';
import { MAX_GENRE_SEEDS, recommend } from '../../services/music/recommendations.ts';
import { genreKeywords } from '../../services/music/playlist.ts';
import { recommendationsBody } from '../../shape/music/recommendations.ts';

const SEEDS = 'give at least one seed: seed_isrc (an ISRC), seed_artist (an artist id) or seed_genre (genre keywords)';

const recommendationParams = v.pipe(
  v.object({
    seed_isrc: v.optional(isrcParam('seed_isrc')),
    seed_artist: v.optional(idParam('seed_artist')),
    seed_genre: v.pipe(
      optionalText('seed_genre', undefined, keywordsPattern(MAX_GENRE_SEEDS, true)),
      v.check(
        (g) => g === undefined || (genreKeywords(g).length > 0 && genreKeywords(g).length <= MAX_GENRE_SEEDS),
        `seed_genre must name 1 to ${MAX_GENRE_SEEDS} comma-separated genre keywords`,
      ),
    ),
    energy: optionalNumber('energy', 0, 1),
    tempo: optionalInteger('tempo', 1, 300),
    valence: optionalNumber('valence', 0, 1),
    danceability: optionalNumber('danceability', 0, 1),
    limit: integerParam('limit', 1, 50, 20),
  }),
  v.forward(
    v.check((p) => p.seed_isrc !== undefined || p.seed_artist !== undefined || p.seed_genre !== undefined, SEEDS),
    ['seed_isrc'] as never,
  ),
);

export const recommendations = defineEndpoint({
  path: '/recommendations',
  summary:
    'Tracks near the seeds (a track, an artist, genres), nearest first to energy, tempo, valence and danceability targets.',
  description: [
    'At least one seed: `seed_isrc`, `seed_artist` (an id) or `seed_genre` (1 to 5 comma-separated keywords, as `/playlist/generate` takes).',
    'Targets are soft: tracks are ordered by their mean distance to the targets given (tempo over a 100-BPM span), never dropped;',
    'tracks without audio features come last. The same artist never plays twice in a row.',
    'An unknown ISRC or artist id is a 404. When the features provider fails, tracks come with `features: null` and the answer is not cached.',
  ].join(' '),
  rateLimit: 60,
  cache: 60 * 60,
  params: recommendationParams,
  example: {
    seed_isrc: 'GBE8P2600039',
    seed_artist: '1361',
    seed_genre: 'Electro',
    energy: '0.8',
    tempo: '124',
    valence: '0.6',
    danceability: '0.7',
    limit: '10',
  },
  response: recommendationsSchema,
  async handle({ params, deps, scope, base, degraded }) {
    const seeds = { isrc: params.seed_isrc, artist: params.seed_artist, genre: params.seed_genre };
    const targets = {
      energy: params.energy,
      tempo: params.tempo,
      valence: params.valence,
      danceability: params.danceability,
    };
    const found = await recommend(deps.drivers, seeds, targets, params.limit, { scope: scope, degraded });
    return recommendationsBody(seeds, targets, found, base);
  },
});
