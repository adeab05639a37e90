/**
 * @module
 * `GET /track/preview?id=` (spec §4.21): a redirect to a playable 30-second preview, asked of
 * the music source on every call. Live previews are signed URLs that expire within hours, so
 * answers carry this path instead of the upstream's URL, and no cache layer ever holds one
 * past its life. Public (an `<audio>` element sends no e-mail, D2) and not batchable (§4.6).
 */
import * as v from 'valibot';
import { SleeveError } from '../errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { idParam } from '../schemas/params.ts';

export const trackPreview = defineEndpoint({
  path: '/track/preview',
  summary: "A 302 to the track's 30-second preview, fresh on every call.",
  public: true,
  batchable: false,
  rateLimit: 60,
  cache: 'no-store',
  params: v.object({ id: idParam('id') }),
  example: { id: '100006189' },
  response: { media: [], status: 302, description: 'Location: a playable MP3 preview (live: a freshly signed Deezer URL).' },
  async handle({ params, deps, request }) {
    const url = await deps.sources.music.preview(params.id, { signal: request.signal });
    if (!url) throw new SleeveError('not_found', `No preview for track ${params.id}.`, { param: 'id' });
    return new Response(null, { status: 302, headers: { Location: url } });
  },
});
