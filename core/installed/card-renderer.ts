/**
 * @module
 * What draws a PNG card, as the embedder or the adapter gives it (D53). Core's own renderer
 * draws on the thread that answers requests (`cards/png.ts`); a server's adapter gives one
 * that draws on a pool of worker threads (`adapters/shared/card-pool.ts`), since core may not
 * start threads. The budget of `/og` and `/share/card` is sized from `threads`
 * (`cards/render-budget.ts`). A leaf, so the options can name it.
 */
import type { Logger } from '../logger.ts';
import type { CardFiles } from './card-files.ts';

export interface PngRenderer {
  /**
   * Threads drawing at once, away from the thread that answers requests; 0 when the drawing
   * blocks that thread (core's own renderer, and a runtime without workers).
   */
  readonly threads: number;
  /** The card's PNG bytes; 503 `not_configured` when the files cannot be read. */
  render(svg: string): Promise<Uint8Array<ArrayBuffer>>;
}

/** Makes the renderer of one Sleeve from its `cardFiles` and its logger, on the first PNG asked for. */
export type CardRenderer = (read: CardFiles, log: Logger) => PngRenderer;
