/**
 * @module
 * `/playlist/generate` (the three rules live in `services/music/playlist.ts`), and D11's
 * `/playlist/info`: a playlist with its tracks.
 */
import * as v from 'valibot';
import { defineEndpoint } from '../../http/endpoint.ts';
import {
  idParam,
  integerParam,
  keywordsPattern,
  optionalInteger,
  optionalNumber,
  requiredText,
} from '../../schemas/params.ts';
import { generatedPlaylist } from '../../shape/generated.ts';
import { generatePlaylist, genreKeywords } from '../../services/music/playlist.ts';
import { playlistWithTracks } from '../../services/music/playlist-info.ts';
import { playlistInfo as playlistInfoBody } from '../../shape/music/playlist.ts';
import { generatedPlaylistSchema, playlistInfoSchema } from '../../schemas/responses/index.ts';

const generateParams = v.object({
  genres: v.pipe(
    requiredText('genres', undefined, { pattern: keywordsPattern() }),
    v.check((s) => genreKeywords(s).length > 0, 'genres must name at least one genre keyword'),
  ),
  energy: optionalNumber('energy', 0, 1),
  tempo: optionalInteger('tempo', 1, 300),
  limit: integerParam('limit', 1, 50, 20),
});

export const playlistGenerate = defineEndpoint({
  path: '/playlist/generate',
  summary: 'A playlist built from genres, nearest first to an energy and tempo target.',
  rateLimit: 30,
  cache: 30 * 60,
  params: generateParams,
  example: { genres: 'Pop, Rock', energy: '0.7', tempo: '120', limit: '10' },
  response: generatedPlaylistSchema,
  async handle({ params, deps, scope, base, degraded }) {
    const { genres, energy, tempo, limit } = params;
    const tracks = await generatePlaylist(deps.drivers, genreKeywords(genres), { energy, tempo }, limit, {
      scope: scope,
      degraded,
    });
    return generatedPlaylist(genres, energy, tempo, tracks, base);
  },
});

/** 60 a minute and an hour's cache, like the other lookups by id. */
export const playlistInfo = defineEndpoint({
  path: '/playlist/info',
  summary: 'One playlist with its tracks.',
  rateLimit: 60,
  cache: 60 * 60,
  params: v.object({ id: idParam('id') }),
  example: { id: '900000128' },
  response: playlistInfoSchema,
  async handle({ params, deps, scope, base }) {
    const { playlist, tracks } = await playlistWithTracks(deps.drivers.music, params.id, scope);
    return playlistInfoBody(playlist, tracks, base);
  },
});
