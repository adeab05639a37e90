/**
 * @module
 * D29: a card's HTTP answer. The SVG is cheap and built on each request; its hash is the
 * `ETag` of both formats (the PNG is drawn from exactly that document), so a client holding
 * the card gets a 304 before anything is rasterised. PNGs drawn are kept per Sleeve instance
 * in a byte-bounded LRU (`services/image-cache.ts`), since drawing one costs ~50 ms of CPU.
 *
 * `Cache-Control: public, max-age=604800` (a week, like live pictures, D14: what a name or an
 * id shows can change upstream, and the layout with a release), or `no-store` when a part
 * was left out because an upstream failed.
 */
import type { Deps } from '../deps.ts';
import { hash64 } from '../hash.ts';
import { conditionalAnswer, holdsCurrent } from '../http/conditional.ts';
import { ImageCache } from '../services/image-cache.ts';
import { pngRenderer, type PngRenderer } from './png.ts';
import { cardSvg, type CardContent } from './svg.ts';

export type CardFormat = 'svg' | 'png';
export const CARD_FORMATS: readonly CardFormat[] = ['png', 'svg'];

const WEEK = 'public, max-age=604800';
/** PNGs kept per instance: a card with a photo is 0.3–1 MB as PNG. */
const KEPT_BYTES = 16 * 1024 * 1024;
const TYPES: Record<CardFormat, string> = { svg: 'image/svg+xml; charset=utf-8', png: 'image/png' };

interface Drawn {
  renderer: PngRenderer;
  kept: ImageCache<{ body: Uint8Array<ArrayBuffer> }>;
}
const drawnByDeps = new WeakMap<Deps, Drawn>();
function drawnOf(deps: Deps): Drawn {
  let drawn = drawnByDeps.get(deps);
  if (drawn === undefined) {
    drawn = { renderer: pngRenderer(deps.options.cardFiles, deps.log), kept: new ImageCache({ maxBytes: KEPT_BYTES }) };
    drawnByDeps.set(deps, drawn);
  }
  return drawn;
}

export async function cardAnswer(deps: Deps, request: Request, content: CardContent, format: CardFormat, partial: boolean): Promise<Response> {
  const svg = cardSvg(content);
  const etag = `"${format}-${hash64(svg)}"`;
  const headers = { type: TYPES[format], etag, cache: partial ? 'no-store' : WEEK };
  if (format === 'svg') return conditionalAnswer(request, svg, headers);
  if (holdsCurrent(request, etag)) return conditionalAnswer(request, '', headers);
  const drawn = drawnOf(deps);
  let png = drawn.kept.get(etag);
  if (png === undefined) {
    png = { body: await drawn.renderer.render(svg) };
    if (!partial) drawn.kept.set(etag, png);
  }
  return conditionalAnswer(request, png.body, headers);
}
