/**
 * @module
 * `GET /track/preview?id=`: a redirect to a playable 30-second preview, asked of
 * the music source on every call. Live previews are signed URLs that expire within hours, so
 * answers carry this path instead of the upstream's URL, and no cache layer ever holds one
 * past its life. Public (an `<audio>` element sends no e-mail) and not batchable.
 *
 * D22: a source without audio of its own (the demo catalogue) redirects to the clip Sleeve
 * synthesises, `/media/previews/<id>.wav`: a redirect still (one contract in both modes, and
 * the clip's URL, unlike the redirect, can be cached for good, as drawn images are).
 */
import * as v from 'valibot';
import { SleeveError } from '../../errors.ts';
import { conditionalAnswer } from '../../http/conditional.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { idParam } from '../../schemas/params.ts';
import { toneOf, toneTag, wav } from '../../services/media/preview-audio.ts';

export const trackPreview = defineEndpoint({
  path: '/track/preview',
  summary:
    "A 302 to the track's preview (live: Deezer's 30 seconds, freshly signed; demo: a generated clip), fresh on every call.",
  description:
    "Live: a freshly signed Deezer URL. Demo: `/media/previews/<id>.wav`, a short clip Sleeve synthesises from the track's key, mode, tempo and energy. An unknown track, or one without a preview, is a 404.",
  public: true,
  batchable: false,
  rateLimit: 60,
  cache: 'no-store',
  params: v.object({ id: idParam('id') }),
  example: { id: '100006189' },
  response: {
    media: [],
    status: 302,
    description:
      'Location: a playable preview (live: a freshly signed Deezer MP3 URL; demo: a generated WAV under /media/previews/).',
  },
  async handle({ params, deps, scope, base }) {
    const { music } = deps.drivers;
    const url = await music.preview(params.id, { scope: scope });
    if (!url) throw new SleeveError('not_found', `No preview for track ${params.id}.`, { param: 'id' });
    const location = music.generatedPreviews ? `${base}/media/previews/${params.id}.wav` : url;
    return new Response(null, { status: 302, headers: { Location: location } });
  },
});

/** A generated clip is the same bytes for good: see the module. */
const FOREVER = 'public, max-age=31536000, immutable';

export const mediaPreview = defineEndpoint({
  path: '/media/previews/:file',
  summary: "Demo mode: the few seconds of WAV Sleeve synthesises as a track's preview, `/media/previews/<id>.wav`.",
  description:
    "A chord of the track's key and mode struck on each beat of its tempo, louder with more energy: generated, never a recording (`X-Sleeve-Generated`). 404 for an unknown track, one without a preview, or in live mode (where `/track/preview` redirects to the upstream).",
  public: true,
  batchable: false,
  example: { file: '100006189.wav' },
  response: {
    media: ['audio/wav'],
    description: 'A 4-second 8-bit mono WAV at 11,025 Hz (about 44 KB), cached for a year, with an ETag.',
  },
  async handle({ deps, request, scope, c }) {
    const { music, features } = deps.drivers;
    const id = /^(\d{1,15})\.wav$/.exec(c.req.param('file') ?? '')?.[1];
    if (id === undefined) throw new SleeveError('not_found', 'Previews are named /media/previews/<track id>.wav.');
    if (!music.generatedPreviews)
      throw new SleeveError(
        'not_found',
        'This deployment serves its previews through /track/preview; it generates none.',
      );
    const track = await music.track(Number(id), { scope: scope });
    if (!track?.previewUrl) throw new SleeveError('not_found', `No preview for track ${id}.`);
    const known = track.isrc ? (await features.features([track.isrc], { scope: scope })).get(track.isrc) : undefined;
    const tone = toneOf(known ?? null, track.id);
    return conditionalAnswer(request, wav(tone), {
      type: 'audio/wav',
      etag: toneTag(tone),
      cache: FOREVER,
      more: { 'X-Sleeve-Generated': "demo tone from the track's key, mode, tempo and energy" },
    });
  },
});
