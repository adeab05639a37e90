/**
 * @module
 * `GET /track/credits?id=|isrc=` (D21): the artists credited on a track with the
 * role each took (live: Deezer's track `contributors`; demo: the catalogue's main and
 * featured artists). `id` wins over `isrc` when both are given, as over `artist`; an
 * unknown track is a 404, unlike `/track/info`'s 200 `found: false`, as for `/track/related`.
 */
import { SleeveError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { trackIdOrIsrc } from '../../schemas/params.ts';
import { trackCreditsSchema } from '../../schemas/responses/index.ts';
import { noSuchTrack, trackByIdOrIsrc } from '../../services/music/track.ts';
import { trackCredits as trackCreditsBody } from '../../shape/music/credits.ts';

const creditParams = trackIdOrIsrc();

export const trackCredits = defineEndpoint({
  path: '/track/credits',
  summary: "A track's credited artists with the role each took (`Main`, `Featured`, ...), the main artist first.",
  description: 'By `id` or `isrc` (`id` wins when both are given). An unknown track is a 404.',
  rateLimit: 60,
  cache: 60 * 60,
  params: creditParams,
  example: { id: '100006189', isrc: 'GBE8P2600039' },
  response: trackCreditsSchema,
  async handle({ params, deps, scope, base }) {
    const { music } = deps.drivers;
    const track = await trackByIdOrIsrc(music, params, scope);
    if (!track)
      throw new SleeveError('not_found', noSuchTrack(params), { param: params.id !== undefined ? 'id' : 'isrc' });
    return trackCreditsBody(track, base);
  },
});
