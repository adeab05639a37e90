/**
 * @module
 * SVG cards drawn as PNG by resvg (`@resvg/resvg-wasm`): Rust's SVG renderer compiled to
 * WebAssembly, so the same bytes run on Node, Bun, Deno, Vercel and Workers, with no native
 * addon. This is the renderer that draws on the thread that answers requests: what an embedder
 * gets from `createSleeve`, and what a runtime without worker threads keeps (D53); a server's
 * adapter draws on a pool of threads instead (`adapters/shared/card-pool.ts`), with the same
 * `drawPng`.
 *
 * - The module is instantiated once per thread (`installed/png-drawer.ts`), from the bytes
 *   the first renderer's `cardFiles` reads; the fonts are read once per renderer
 *   (`installed/card-loader.ts`).
 * - Costs (`bench/cards.ts`, docs/performance.md): ~30 ms to instantiate, then ~95 ms of CPU
 *   per 1200 × 630 card on this project's quiet 2-core box: ~80 ms rasterising, ~17 ms
 *   encoding the PNG, ~1 ms parsing the document, laying its text out and handing resvg the two
 *   fonts, which resvg-wasm 2.6 takes for each document (it has no font database that outlives
 *   one). So drawn cards are kept and drawings are budgeted (`cards/render-budget.ts`).
 */
import type { Logger } from '../logger.ts';
import type { CardFiles } from '../installed/card-files.ts';
import { cardFileLoader } from '../installed/card-loader.ts';
import type { PngRenderer } from '../installed/card-renderer.ts';
import { pngDrawer } from '../installed/png-drawer.ts';

/** Draws on the calling thread (see the module). */
export function pngRenderer(read: CardFiles, log: Logger): PngRenderer {
  const drawer = cardFileLoader(read, log, pngDrawer);
  return {
    threads: 0,
    async render(svg) {
      return (await drawer())(svg);
    },
  };
}
