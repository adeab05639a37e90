/** @module Spec §4.16 `/playlist/generate`; the three rules live in `services/playlist.ts`. */
import * as v from 'valibot';
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';
import { integerParam, optionalInteger, optionalNumber, requiredText } from '../schemas/params.ts';
import { generatedPlaylist } from '../shape/generated.ts';
import { baseUrlOf } from '../shape/urls.ts';
import { generatePlaylist, genreKeywords } from '../services/playlist.ts';

const generateParams = v.object({
  genres: v.pipe(requiredText('genres'), v.check((s) => genreKeywords(s).length > 0, 'genres must name at least one genre keyword')),
  energy: optionalNumber('energy', 0, 1),
  tempo: optionalInteger('tempo', 1, 300),
  limit: integerParam('limit', 1, 50, 20),
});

export const playlistGenerate: Endpoint<unknown> = defineEndpoint({
  path: '/playlist/generate',
  rateLimit: 30,
  cache: 30 * 60,
  params: generateParams,
  async handle({ params, deps, request, degraded }) {
    const { genres, energy, tempo, limit } = params;
    const tracks = await generatePlaylist(deps.sources, genreKeywords(genres), { energy, tempo }, limit, { signal: request.signal, degraded });
    return generatedPlaylist(genres, energy, tempo, tracks, baseUrlOf(deps.options.baseUrl, request));
  },
});
