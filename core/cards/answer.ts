/**
 * @module
 * A share card's HTTP answer (D29). The SVG is cheap and built on each request; its hash is the
 * `ETag` of both formats (the PNG is drawn from exactly that document), so a client holding
 * the card gets a 304 before anything is rasterised. PNGs drawn are kept per Sleeve instance
 * in a byte-bounded LRU (`storage/image-cache.ts`), since drawing one costs far more CPU
 * (`cards/png.ts`) on the thread that serves every other request. So an instance draws at
 * most `RENDERS_PER_SECOND` new PNGs in any clock second; past that a PNG not already kept is
 * a 503 `service_unavailable` with `Retry-After: 1` (SVG, and PNGs kept, still answer): the
 * per-client limit (60/min) alone would let many clients together take the whole CPU.
 *
 * `Cache-Control: public, max-age=604800` (a week, like live pictures: what a name or an
 * id shows can change upstream, and the layout with a release), or `no-store` when a part
 * was left out because an upstream failed.
 */
import type { Deps } from '../wiring/deps.ts';
import { SleeveError } from '../errors.ts';
import { hash64 } from '../utils/hash.ts';
import { conditionalAnswer, holdsCurrent } from '../http/conditional.ts';
import { ImageCache } from '../storage/image-cache.ts';
import { pngRenderer, type PngRenderer } from './png.ts';
import { cardSvg, type CardContent } from './svg.ts';

export type CardFormat = 'svg' | 'png';
export const CARD_FORMATS: readonly CardFormat[] = ['png', 'svg'];

const WEEK = 'public, max-age=604800';
const TYPES: Record<CardFormat, string> = { svg: 'image/svg+xml; charset=utf-8', png: 'image/png' };

/** New PNGs one instance draws per clock second (about half a core at 100 ms each). */
export const RENDERS_PER_SECOND = 5;

interface Drawn {
  renderer: PngRenderer;
  /** PNGs kept per instance (a quarter of `SLEEVE_CACHE_MB`): a card with a photo is 0.3–1 MB as PNG. */
  kept: ImageCache<{ body: Uint8Array<ArrayBuffer> }>;
  /** The clock second being counted, and the renders started in it. */
  window: { second: number; used: number };
}
const drawnByDeps = new WeakMap<Deps, Drawn>();
function drawnOf(deps: Deps): Drawn {
  let drawn = drawnByDeps.get(deps);
  if (drawn === undefined) {
    drawn = {
      renderer: pngRenderer(deps.options.cardFiles, deps.log),
      kept: new ImageCache({ maxBytes: deps.options.cache.cards }),
      window: { second: -1, used: 0 },
    };
    drawnByDeps.set(deps, drawn);
  }
  return drawn;
}

function takeRender(drawn: Drawn, nowMs: number): void {
  const second = Math.floor(nowMs / 1000);
  if (drawn.window.second !== second) drawn.window = { second, used: 0 };
  if (drawn.window.used >= RENDERS_PER_SECOND) {
    throw new SleeveError(
      'service_unavailable',
      `This instance is drawing ${RENDERS_PER_SECOND} PNG cards a second already; try again in a second, or ask for format=svg.`,
      {
        headers: { 'Retry-After': '1' },
      },
    );
  }
  drawn.window.used++;
}

export async function cardAnswer(
  deps: Deps,
  request: Request,
  content: CardContent,
  format: CardFormat,
  partial: boolean,
): Promise<Response> {
  const svg = cardSvg(content);
  const etag = `"${format}-${hash64(svg)}"`;
  const headers = { type: TYPES[format], etag, cache: partial ? 'no-store' : WEEK };
  if (format === 'svg') return conditionalAnswer(request, svg, headers);
  if (holdsCurrent(request, etag)) return conditionalAnswer(request, '', headers);
  const drawn = drawnOf(deps);
  let png = drawn.kept.get(etag);
  if (png === undefined) {
    takeRender(drawn, deps.clock.now());
    png = { body: await drawn.renderer.render(svg) };
    if (!partial) drawn.kept.set(etag, png);
  }
  return conditionalAnswer(request, png.body, headers);
}
