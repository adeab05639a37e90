/**
 * @module
 * D14 images: `/cover`, `/artistimage` and `/media/images/<genre|playlist>/<id>.svg`. Public
 * (images load in `<img>` tags, D2), never batchable (spec §4.6), cacheable for a year since a
 * name's art never changes. Unknown: 404 with a placeholder SVG body. Demo mode draws the art;
 * live-mode proxying of upstream image bytes is not built yet.
 */
import * as v from 'valibot';
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';
import { idParam, requiredText } from '../schemas/params.ts';
import { generatedArt, initials, placeholderArt, type ArtOptions } from '../services/art.ts';
import { coverExists, mediaName, type MediaKind } from '../services/images.ts';
import { fold } from '../services/ranking.ts';

const FOREVER = 'public, max-age=31536000, immutable';
/** A 404 may turn into a picture once the catalogue grows: keep it briefly. */
const BRIEFLY = 'public, max-age=300';

function svg(art: ArtOptions | null): Response {
  return new Response(art ? generatedArt(art) : placeholderArt(), {
    status: art ? 200 : 404,
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': art ? FOREVER : BRIEFLY },
  });
}

const image = { public: true, batchable: false } as const;

const coverParams = v.object({ artist: requiredText('artist'), title: requiredText('title') });

export const cover: Endpoint<unknown> = defineEndpoint({
  ...image,
  path: '/cover',
  params: coverParams,
  async handle({ params, deps, request }) {
    const known = await coverExists(deps.sources.music, params.artist, params.title, request.signal);
    return svg(known ? { seed: `cover:${fold(params.artist)}|${fold(params.title)}`, label: initials(params.title) } : null);
  },
});

const artistImageParams = v.object({ id: idParam('id') });

export const artistImage: Endpoint<unknown> = defineEndpoint({
  ...image,
  path: '/artistimage',
  params: artistImageParams,
  async handle({ params, deps, request }) {
    const artist = await deps.sources.music.artist(params.id, { signal: request.signal });
    return svg(artist ? { seed: `artist:${artist.id}:${fold(artist.name)}`, label: initials(artist.name), round: true } : null);
  },
});

export const mediaImage: Endpoint<unknown> = defineEndpoint({
  ...image,
  path: '/media/images/:kind/:file',
  async handle({ deps, request, c }) {
    const kind = c.req.param('kind');
    const id = /^(\d{1,15})\.svg$/.exec(c.req.param('file') ?? '')?.[1];
    if ((kind !== 'genre' && kind !== 'playlist') || id === undefined) return svg(null);
    const name = await mediaName(deps.sources.music, kind as MediaKind, Number(id), request.signal);
    return svg(name === null ? null : { seed: `${kind}:${id}:${fold(name)}`, label: initials(name) });
  },
});
