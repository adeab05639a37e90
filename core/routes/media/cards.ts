/**
 * @module
 * D29: share cards, images to paste where a link is shared.
 *
 * - `/share/card?id=|isrc=` (its pre-2.1.1 name `/share-card` remains an alias):
 *   a track's card: cover, title, artists, album and year, key, tempo and length.
 * - `/og?type=track|album|artist&id=`: the Open Graph image of a page about a track, an
 *   album or an artist (`<meta property="og:image">`). Keyed on a type and an id, because a
 *   page that links its image knows what it shows by id, and albums and artists have no ISRC.
 *
 * Both answer 1200 × 630 (the size link previews expect) as PNG by default, or SVG with
 * `format=svg`: the parameter chooses, not `Accept`, which link-preview crawlers send as `*\/*`
 * while showing no SVG. PNG needs resvg's files (`cards/png.ts`); where a deployment cannot
 * read them PNG is a 503 `not_configured` and SVG still works.
 *
 * Public (an `<img>` tag or a crawler sends no e-mail), not batchable (images), 60/min.
 * Long-cached by their own headers (`cards/answer.ts`), not by the frame's JSON cache.
 * Never fetches from anywhere but the music source and its image host.
 */
import * as v from 'valibot';
import { cardAnswer, CARD_FORMATS } from '../../cards/answer.ts';
import { SleeveError } from '../../errors.ts';
import { clientIp } from '../../http/conn/client-ip.ts';
import { defineEndpoint, type EndpointContext } from '../../http/endpoint.ts';
import { idParam, optionalEnum, trackIdOrIsrc } from '../../schemas/params.ts';
import { cardContent, CARD_KINDS, type CardQuery } from '../../services/media/card.ts';
import { noSuchTrack } from '../../services/music/track.ts';

const card = { public: true, batchable: false, rateLimit: 60 } as const;

const formatParam = v.pipe(
  optionalEnum('format', CARD_FORMATS),
  v.description('`png` (default: what link previews show) or `svg`.'),
);

const answer = {
  media: ['image/png', 'image/svg+xml'],
  description:
    'A 1200 × 630 card; ETag and 304. 404 (a JSON error) for an unknown item; 503 `not_configured` for PNG where resvg cannot be loaded; 503 `service_unavailable` with `Retry-After` for a PNG past the drawing budget.',
} as const;

type CardParams = { format?: 'svg' | 'png' | undefined };

async function drawn(ctx: EndpointContext<CardParams>, q: CardQuery, missing: string): Promise<Response> {
  let partial = false;
  const content = await cardContent(ctx.deps, q, {
    scope: ctx.scope,
    degraded(reason) {
      partial = true;
      ctx.degraded(reason);
    },
  });
  if (content === null) throw new SleeveError('not_found', missing);
  // The drawing budget's share is by client, keyed as the rate limiter keys them (D53).
  const client = clientIp(ctx.c, ctx.deps.options.clients) ?? 'unknown';
  return cardAnswer(ctx.deps, ctx.request, content, ctx.params.format ?? 'png', partial, client);
}

export const shareCard = defineEndpoint({
  ...card,
  path: '/share/card',
  aliases: ['/share-card'],
  since: '2.1.1',
  summary: "A track's share card: cover, title, artists, album, key and tempo, as PNG or SVG.",
  description: 'Give `id` or `isrc` (`id` wins when both are given).',
  params: trackIdOrIsrc({ format: formatParam }),
  example: { id: '100006189', isrc: 'GBE8P2600039', format: 'svg' },
  response: answer,
  async handle(ctx) {
    const { id, isrc } = ctx.params;
    return drawn(ctx, { kind: 'track', id, isrc: id === undefined ? isrc : undefined }, noSuchTrack({ id, isrc }));
  },
});

export const og = defineEndpoint({
  ...card,
  path: '/og',
  summary: 'The Open Graph image (`og:image`) of a track, an album or an artist, as PNG or SVG.',
  params: v.object({
    type: v.pipe(optionalEnum('type', CARD_KINDS), v.description('`track` (default), `album` or `artist`.')),
    id: idParam('id'),
    format: formatParam,
  }),
  example: { type: 'track', id: '100006189', format: 'svg' },
  response: answer,
  async handle(ctx) {
    const kind = ctx.params.type ?? 'track';
    return drawn(ctx, { kind, id: ctx.params.id }, `No ${kind} with id ${ctx.params.id}.`);
  },
});
