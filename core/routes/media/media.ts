/**
 * @module
 * Images: `/cover` (and its older path `/spotify/cover`), `/artistimage` and
 * `/media/images/<genre|playlist>/<id>.svg`. Public (images load in `<img>` tags), never
 * batchable. Unknown: 404 with a placeholder SVG body, kept five minutes.
 *
 * - Live mode (a music source with an image host, `MusicDriver.image`): the picture's bytes
 *   from that host alone (Deezer's CDN: `drivers/deezer/images.ts`), as its `Content-Type`
 *   says, with `Cache-Control: public, max-age=604800`. A week, not a year: these URLs name an
 *   artist and a title, not Deezer's picture itself, and the best match of a name can change
 *   (a reissue, a corrected cover); after a week a client revalidates with the `ETag` for a 304.
 * - Demo mode: art drawn from the names (`services/media/art.ts`), the same forever, so cached for
 *   a year and immutable. Always SVG, at any `width`/`height`/`format`; why not PNG:
 *   docs/decisions.md, D14.
 * - `/media/images/...` draws its SVG in both modes.
 *
 * Every picture answered carries an `ETag`; `If-None-Match` with it answers 304.
 *
 * `/cover` and `/spotify/cover` read their query themselves, tolerantly (`image-query.ts`):
 * `artist`, `title`, and optional `width`, `height` (1 to 1000) and `format` (`jpg`, `png`,
 * `webp`), a bad size or format being ignored. `/cover` answers 400 when `artist` or `title`
 * is missing, blank or over 200 characters; `/spotify/cover`, whose callers are chat embeds
 * that show no error, answers the placeholder instead: never a 400.
 */
import type { Context } from 'hono';
import { routePath } from 'hono/route';
import * as v from 'valibot';
import { SleeveError } from '../../errors.ts';
import { hash64 } from '../../utils/hash.ts';
import { conditionalAnswer } from '../../http/conditional.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { characters, idParam, selfCheckedText } from '../../schemas/params.ts';
import { generatedArt, initials, placeholderArt, type ArtOptions } from '../../services/media/art.ts';
import { imageSize, MAX_IMAGE_SIDE, readImageQuery, type ImageSize } from '../../services/media/image-query.ts';
import { findCover, mediaName, type MediaKind } from '../../services/media/images.ts';
import { fold } from '../../text/fold.ts';
import type { ImageBytes } from '../../domain/images.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

/** Drawn art never changes for a name. */
const FOREVER = 'public, max-age=31536000, immutable';
/** An upstream's picture of a name: see the module. */
const WEEK = 'public, max-age=604800';
/** A 404 may turn into a picture once the catalogue grows: keep it briefly. */
const BRIEFLY = 'public, max-age=300';
const SVG = 'image/svg+xml; charset=utf-8';
/** The bound on a text parameter. */
const MAX_TEXT = 200;

function placeholder(): Response {
  return new Response(placeholderArt(), { status: 404, headers: { 'Content-Type': SVG, 'Cache-Control': BRIEFLY } });
}

function art(request: Request, options: ArtOptions | null): Response {
  if (options === null) return placeholder();
  const svg = generatedArt(options);
  return conditionalAnswer(request, svg, { type: SVG, etag: `"${hash64(svg)}"`, cache: FOREVER });
}

function bytes(request: Request, image: ImageBytes): Response {
  return conditionalAnswer(request, image.body, { type: image.contentType, etag: image.etag, cache: WEEK });
}

/**
 * The answer for a known item: its upstream picture when the source has an image host (the
 * placeholder when that host has none), else the art drawn from its names.
 */
async function known(
  music: MusicDriver,
  url: string | null,
  drawn: ArtOptions,
  size: ImageSize,
  request: Request,
  scope: RequestScope,
): Promise<Response> {
  if (music.image === undefined) return art(request, drawn);
  if (url === null) return placeholder();
  const image = await music.image(url, { ...size, scope });
  return image === null ? placeholder() : bytes(request, image);
}

/** A required name of `/cover`: missing or too long is a 400 there, the placeholder on the alias (null). */
function nameOf(
  query: { artist?: string | undefined; title?: string | undefined },
  name: 'artist' | 'title',
  strict: boolean,
): string | null {
  // As `requiredText` counts: the length as sent, then the trimmed text must not be blank.
  const sent = query[name] ?? '';
  const value = sent.trim();
  const long = characters(sent) > MAX_TEXT;
  if (value !== '' && !long) return value;
  if (!strict) return null;
  const rule = long ? `${name} must be at most ${MAX_TEXT} characters` : `${name} is required and must not be empty`;
  throw new SleeveError('bad_request', rule, { param: name });
}

const image = { public: true, batchable: false } as const;

/** The picture answers: described for the docs, never validated (they are bytes). */
const picturesOf = (what: string) => ({
  media: ['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml'],
  description: `${what}. ETag and 304 as any cached answer.`,
  notFound: {
    media: ['image/svg+xml'],
    description: `Unknown: a grey placeholder SVG (\`Cache-Control: ${BRIEFLY}\`).`,
  },
});

/** The size rules every picture takes (`services/media/image-query.ts`): read leniently, ignored when off. */
const sizeParams = {
  width: v.optional(
    v.pipe(v.string(), v.description(`Pixels, 1 to ${MAX_IMAGE_SIDE}; ignored when not a whole number in range.`)),
  ),
  height: v.optional(
    v.pipe(v.string(), v.description(`Pixels, 1 to ${MAX_IMAGE_SIDE}; ignored when not a whole number in range.`)),
  ),
  format: v.optional(
    v.pipe(v.string(), v.description('`jpg`, `jpeg`, `png` or `webp`, where the picture comes from an upstream.')),
  ),
};

/**
 * `artist` and `title` are required (a generated client must send them), but only their
 * presence is checked here (their rule published all the same): `/cover` checks blank and length itself, since a bad name is a 400
 * there but a placeholder on the alias, and its size rules never refuse.
 */
const coverParams = v.object({
  artist: v.pipe(selfCheckedText(MAX_TEXT), v.description('The artist name, up to 200 characters.')),
  title: v.pipe(selfCheckedText(MAX_TEXT), v.description('The album (or track) title, up to 200 characters.')),
  ...sizeParams,
});

/**
 * The tolerant reader; on the alias, whose chat-bot callers get a picture and never an error,
 * a missing name reads as blank, which answers the placeholder (`nameOf`).
 */
function readCoverQuery(url: string): Record<string, string> {
  const query = readImageQuery(url);
  const path = url.slice(0, url.search(/[?#]|$/));
  return path.endsWith(SPOTIFY_COVER) ? { artist: '', title: '', ...query } : query;
}

/** The cover proxy's older path, still asked by clients in the wild. */
const SPOTIFY_COVER = '/spotify/cover';

export const cover = defineEndpoint({
  ...image,
  path: '/cover',
  aliases: [SPOTIFY_COVER],
  summary: "An album's cover by artist and title: the upstream picture, or art drawn from the names in demo mode.",
  // Read tolerantly (see the module), never refused for its shape; names are checked below.
  readQuery: readCoverQuery,
  params: coverParams,
  example: { artist: 'The Narrow Trains', title: 'The Cypress Years', width: '300', height: '300', format: 'png' },
  response: picturesOf('The cover'),
  async handle({ params: query, deps, request, scope, c }) {
    const strict = !isAlias(c);
    const artist = nameOf(query, 'artist', strict);
    const title = nameOf(query, 'title', strict);
    if (artist === null || title === null) return placeholder();
    const music = deps.drivers.music;
    const found = await findCover(music, artist, title, scope);
    if (found === null) return placeholder();
    const drawn = { seed: `cover:${fold(artist)}|${fold(title)}`, label: initials(title) };
    return known(music, found.url, drawn, imageSize(query), request, scope);
  },
});

function isAlias(c: Context): boolean {
  return routePath(c).endsWith(SPOTIFY_COVER);
}

const artistImageParams = v.object({ id: idParam('id'), ...sizeParams });

export const artistImage = defineEndpoint({
  ...image,
  path: '/artistimage',
  summary: "An artist's picture by id.",
  params: artistImageParams,
  example: { id: '1361', width: '300', height: '300', format: 'png' },
  response: picturesOf("The artist's picture"),
  async handle({ params, deps, request, scope }) {
    const music = deps.drivers.music;
    const artist = await music.artist(params.id, { scope: scope });
    if (artist === null) return placeholder();
    const drawn = { seed: `artist:${artist.id}:${fold(artist.name)}`, label: initials(artist.name), round: true };
    return known(music, artist.imageUrl, drawn, imageSize(params), request, scope);
  },
});

export const mediaImage = defineEndpoint({
  ...image,
  path: '/media/images/:kind/:file',
  summary: 'Art drawn for a genre or a playlist: `/media/images/genre/<id>.svg`, `/media/images/playlist/<id>.svg`.',
  example: { kind: 'genre', file: '106.svg' },
  response: picturesOf('The SVG'),
  async handle({ deps, request, scope, c }) {
    const kind = c.req.param('kind');
    const id = /^(\d{1,15})\.svg$/.exec(c.req.param('file') ?? '')?.[1];
    if ((kind !== 'genre' && kind !== 'playlist') || id === undefined) return placeholder();
    const name = await mediaName(deps.drivers.music, kind as MediaKind, Number(id), scope);
    return art(request, name === null ? null : { seed: `${kind}:${id}:${fold(name)}`, label: initials(name) });
  },
});
