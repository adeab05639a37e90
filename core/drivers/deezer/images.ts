/**
 * @module
 * D14: Deezer's pictures, fetched from Deezer's image host and from nowhere else, whatever a
 * caller or a body says. A picture URL is used only when its host is one of Deezer's image
 * hosts (`DEEZER_IMAGE_HOSTS`, compared exactly) and its path is a Deezer picture path
 * (`/images/<kind>/<md5>/<w>x<h>-000000-80-0-0.<jpg|png>`); the URL that is fetched is then
 * rebuilt from that path alone, on the configured image origin (`imagesUrl`; by default the
 * Deezer host the picture named), so no user part, port, query or other host can get in.
 * Redirects are not followed.
 *
 * Sizes and formats: Deezer's CDN draws any `<w>x<h>` asked of it, and `.png` as well as
 * `.jpg`. WebP is not asked for: Deezer documents no WebP variant, and the only code found
 * asking for `.webp` probes with a HEAD and falls back to `.jpg`; one fetch of the JPEG is
 * cheaper and certain, and every client that shows WebP shows JPEG (the `Content-Type` says
 * which it got).
 *
 * Each fetch: 2.5 s at most (504), 2 MiB at most (502), a raster `image/*` type or a 502, 404
 * (and 403, 410) is "no such picture" (null). Answers are kept in an in-process cache of at
 * most 32 MiB of bytes (`storage/image-cache.ts`), and identical fetches in flight share one.
 *
 * Budget: Deezer's CDN is not its API and publishes no quota, so a picture never spends the
 * API's 50 calls per 5 s (a page of 50 covers would otherwise starve the metadata calls that
 * find them). It has a budget of its own all the same (`IMAGES_BUDGET`, 100 per 5 s per
 * egress IP, shared like every budget), so that asking one picture in a thousand sizes cannot
 * make Sleeve hammer Deezer's CDN; past it, 503 with `Retry-After` as for the API.
 */
import { cacheBytes } from '../../storage/cache-bound.ts';
import { upstreamError } from '../../errors.ts';
import { ImageCache } from '../../storage/image-cache.ts';
import { awaitUnlessAborted, inFlight } from '../../utils/in-flight.ts';
import { call, UPSTREAM_TIMEOUT_MS, type Upstream } from '../kit/call/call.ts';
import type { BudgetSpec, DriverContext } from '../kit/context.ts';
import type { ImageBytes } from '../../domain/images.ts';
import type { ImageOptions } from '../contracts/music.ts';
import { DRIVER_NAME } from './client.ts';
import type { RequestScope } from '../kit/scope.ts';

/** The hosts Deezer's API names its pictures on; nothing else is ever fetched. */
const DEEZER_IMAGE_HOSTS: readonly string[] = [
  'e-cdns-images.dzcdn.net',
  'cdn-images.dzcdn.net',
  'cdns-images.dzcdn.net',
];
const IMAGES_BUDGET: BudgetSpec = { name: 'deezer-images', limit: 100, windowMs: 5000 };
export const MAX_IMAGE_BYTES: number = 2 * 1024 * 1024;
/** Half the default `SLEEVE_CACHE_MB` (`core/storage/cache-bound.ts`). */
const IMAGE_CACHE_BYTES: number = cacheBytes().images;
const IMAGE_TIMEOUT_MS: number = UPSTREAM_TIMEOUT_MS;

/** `/images/cover/<md5>/1000x1000-000000-80-0-0.jpg`: kind, md5, width, height, the rest, extension. */
const PICTURE_PATH =
  /^\/images\/([a-z]{1,16})\/([0-9a-f]{32})\/(\d{1,4})x(\d{1,4})-([0-9a-f]{6}-\d{1,3}-\d{1,3}-\d{1,3})\.(jpg|png)$/;
/** Raster types only: an SVG served from Sleeve's origin could carry script. */
const RASTER = /^image\/(jpeg|png|webp|gif|avif)$/;
/** What Deezer's CDN answers for a picture it does not have. */
const MISSING = new Set([403, 404, 410]);

export type ImageAsk = Omit<ImageOptions, 'scope'>;

/**
 * The URL to fetch for a picture URL Deezer answered, at the size and format asked, or null
 * when it is not a Deezer picture (another host, another path, a port or credentials, an
 * artist without a picture, whose md5 Deezer leaves empty). Pure.
 */
export function deezerImageUrl(url: string, ask: ImageAsk = {}, imagesUrl?: string): string | null {
  const parsed = URL.parse(url);
  if (parsed === null || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return null;
  if (parsed.username !== '' || parsed.password !== '' || parsed.port !== '') return null;
  if (!DEEZER_IMAGE_HOSTS.includes(parsed.hostname)) return null;
  const match = PICTURE_PATH.exec(parsed.pathname);
  if (match === null) return null;
  const [, kind, md5, ownWidth, ownHeight, rest, ownExtension] = match;
  // `ImageOptions`: 1 to 1000 px; anything else is not asked for.
  const side = (n: number | undefined) =>
    n !== undefined && Number.isInteger(n) && n >= 1 && n <= 1000 ? n : undefined;
  const [askedWidth, askedHeight] = [side(ask.width), side(ask.height)];
  const width = askedWidth ?? askedHeight ?? Number(ownWidth);
  const height = askedHeight ?? askedWidth ?? Number(ownHeight);
  const extension = ask.format === 'png' || ask.format === 'jpg' ? ask.format : ownExtension;
  const origin = imagesUrl === undefined ? `https://${parsed.hostname}` : imagesUrl.replace(/\/+$/, '');
  return `${origin}/images/${kind}/${md5}/${width}x${height}-${rest}.${extension}`;
}

export interface DeezerImagesOptions {
  /** Origin (and path prefix) pictures are fetched from; default the Deezer host each names. */
  imagesUrl?: string;
  timeoutMs?: number;
  maxBytes?: number;
  cacheBytes?: number;
}

export type ImageFetcher = (url: string, options?: ImageOptions) => Promise<ImageBytes | null>;

export function deezerImages(ctx: DriverContext, options: DeezerImagesOptions = {}): ImageFetcher {
  const timeoutMs = options.timeoutMs ?? IMAGE_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const cache = new ImageCache<ImageBytes>({ maxBytes: options.cacheBytes ?? IMAGE_CACHE_BYTES });
  const flights = inFlight<Promise<ImageBytes | null>>();
  const pictures: Upstream = ctx.upstream({
    // Each picture names its whole URL (`deezerImageUrl`): no base to put before it.
    name: DRIVER_NAME,
    base: '',
    timeoutMs,
    circuit: `${DRIVER_NAME}-images`,
    budget: IMAGES_BUDGET,
    speaker: 'the image host',
    setting: 'SLEEVE_DEEZER_IMAGES_URL',
  });
  // A shared fetch serves whoever waits: no caller's abort stops it, its own timeout does.
  // It counts for the request of the first asker (`kit/scope.ts`).
  const fetchOnce = (target: string, asker: RequestScope | undefined): Promise<ImageBytes | null> =>
    call(
      pictures,
      target,
      {
        scope: asker,
        shared: true,
        redirect: 'manual',
        maxBytes,
        headers: { accept: 'image/jpeg, image/png, image/*;q=0.8' },
      },
      async (reply) => {
        const refuse = (message: string): never => {
          throw upstreamError(DRIVER_NAME, `the image host ${message}`);
        };
        if (MISSING.has(reply.status)) return null;
        if (reply.status !== 200) return refuse(`answered HTTP ${reply.status}`);
        const contentType = reply.headers.get('content-type')?.trim() ?? '';
        const media = contentType.split(';')[0]!.trim().toLowerCase();
        if (!RASTER.test(media)) return refuse(`answered ${media === '' ? 'no Content-Type' : media}, not a picture`);
        const body = await reply.bytes();
        if (body.byteLength === 0) return refuse('sent an empty picture');
        return { body, contentType, etag: await etagOf(body) };
      },
    );

  return async (url, asked = {}) => {
    const { scope, ...ask } = asked;
    const target = deezerImageUrl(url, ask, options.imagesUrl);
    if (target === null) return null;
    scope?.signal.throwIfAborted();
    const kept = cache.get(target);
    if (kept !== undefined) return kept;
    const flight = flights.share(target, (forget) => {
      const started = fetchOnce(target, scope)
        .then((image) => {
          if (image !== null) cache.set(target, image);
          return image;
        })
        .finally(forget);
      // Every waiter may have left before it settles: its rejection then has no listener.
      started.catch(() => {});
      return started;
    });
    return awaitUnlessAborted(flight, scope?.signal);
  };
}

/** A strong ETag of the bytes: the first 16 bytes of their SHA-256, hex, quoted. */
async function etagOf(body: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return `"${[...digest.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
}
