/**
 * @module
 * A share card's HTTP answer (D29). The SVG is cheap and built on each request; its hash is the
 * `ETag` of both formats (the PNG is drawn from exactly that document), so a client holding
 * the card gets a 304 before anything is rasterised. PNGs drawn are kept per Sleeve instance
 * in a byte-bounded LRU (`storage/image-cache.ts`), since drawing one costs far more CPU
 * (`cards/png.ts`); a card asked for again while it is being drawn waits for that drawing.
 * New drawings take a turn of the drawing budget, shared fairly between clients and sized
 * from the renderer's threads (`cards/render-budget.ts`, D53); past it a PNG not already kept
 * is a 503 `service_unavailable` with `Retry-After: 1` (SVG, and PNGs kept, still answer): the
 * per-client limit (60/min) alone would let one client, or many together, take the whole CPU.
 * The renderer is the adapter's (`cardRenderer`: a server's draws on worker threads) or, by
 * default, core's, drawing on the thread that answers requests.
 *
 * `Cache-Control: public, max-age=604800` (a week, like live pictures: what a name or an
 * id shows can change upstream, and the layout with a release), or `no-store` when a part
 * was left out because an upstream failed.
 */
import { inFlight, type InFlight } from '../utils/in-flight.ts';
import type { Deps } from '../wiring/deps.ts';
import { hash64 } from '../utils/hash.ts';
import { conditionalAnswer, holdsCurrent } from '../http/conditional.ts';
import { ImageCache } from '../storage/image-cache.ts';
import type { PngRenderer } from '../installed/card-renderer.ts';
import { pngRenderer } from './png.ts';
import { RenderBudget, renderBudgetSize } from './render-budget.ts';
import { cardSvg, type CardContent } from './svg.ts';

export type CardFormat = 'svg' | 'png';
export const CARD_FORMATS: readonly CardFormat[] = ['png', 'svg'];

const WEEK = 'public, max-age=604800';
const TYPES: Record<CardFormat, string> = { svg: 'image/svg+xml; charset=utf-8', png: 'image/png' };

interface Drawn {
  renderer: PngRenderer;
  /** PNGs kept per instance (a quarter of `SLEEVE_CACHE_MB`): a card with a photo is 0.3–1 MB as PNG. */
  kept: ImageCache<{ body: Uint8Array<ArrayBuffer> }>;
  /** Drawings in flight, by ETag, so the same card asked twice at once is drawn once. */
  drawing: InFlight<Promise<Uint8Array<ArrayBuffer>>>;
  budget: RenderBudget;
}
const drawnByDeps = new WeakMap<Deps, Drawn>();
function drawnOf(deps: Deps): Drawn {
  let drawn = drawnByDeps.get(deps);
  if (drawn === undefined) {
    const renderer = (deps.options.cardRenderer ?? pngRenderer)(deps.options.cardFiles, deps.log);
    drawn = {
      renderer,
      kept: new ImageCache({ maxBytes: deps.options.cache.cards }),
      drawing: inFlight(),
      budget: new RenderBudget(
        () => renderBudgetSize(renderer.threads),
        () => deps.clock.now(),
      ),
    };
    drawnByDeps.set(deps, drawn);
  }
  return drawn;
}

/** Draws `svg` in `client`'s turn of the budget (throws 503 past it); joins the same card's drawing in flight. */
async function draw(drawn: Drawn, client: string, etag: string, svg: string): Promise<Uint8Array<ArrayBuffer>> {
  const joined = drawn.drawing.get(etag);
  if (joined) return joined;
  const release = drawn.budget.take(client);
  const drawing = release.then(async (done) => {
    try {
      return await drawn.renderer.render(svg);
    } finally {
      done();
    }
  });
  const forget = drawn.drawing.add(etag, drawing);
  try {
    return await drawing;
  } finally {
    forget();
  }
}

export async function cardAnswer(
  deps: Deps,
  request: Request,
  content: CardContent,
  format: CardFormat,
  partial: boolean,
  client: string,
): Promise<Response> {
  const svg = cardSvg(content);
  const etag = `"${format}-${hash64(svg)}"`;
  const headers = { type: TYPES[format], etag, cache: partial ? 'no-store' : WEEK };
  if (format === 'svg') return conditionalAnswer(request, svg, headers);
  if (holdsCurrent(request, etag)) return conditionalAnswer(request, '', headers);
  const drawn = drawnOf(deps);
  let png = drawn.kept.get(etag);
  if (png === undefined) {
    png = { body: await draw(drawn, client, etag, svg) };
    if (!partial) drawn.kept.set(etag, png);
  }
  return conditionalAnswer(request, png.body, headers);
}
