/**
 * @module
 * SVG cards drawn as PNG by resvg (`@resvg/resvg-wasm`): Rust's SVG renderer compiled to
 * WebAssembly, so the same bytes run on Node, Bun, Deno and Vercel, with no native addon.
 *
 * - The module is instantiated once per process (resvg-wasm allows one `initWasm`), from the
 *   bytes the first instance's `cardFiles` reads; the fonts are read once per reader. A
 *   failed read is forgotten, so the next request tries again, and answers 503
 *   `not_configured` meanwhile (logged once per reader).
 * - Costs (`bench/cards.ts`, docs/performance.md): ~30 ms to instantiate, then 100–200 ms
 *   of CPU per 1200 × 630 card on this project's loaded 2-core box, part of it loading the
 *   two fonts, which resvg-wasm takes anew for every document. So drawn cards are kept and new drawings are
 *   budgeted per second (`cards/answer.ts`), besides the endpoints' rate limit.
 */
import type { Logger } from '../logger.ts';
import { SleeveError } from '../errors.ts';
import type { CardFiles } from '../installed/card-files.ts';
import { keptOnSuccess } from '../utils/kept-on-success.ts';

type ResvgModule = typeof import('@resvg/resvg-wasm');

const UNREADABLE =
  'PNG cards need the files of @resvg/resvg-wasm and dejavu-fonts-ttf, which this deployment cannot read. Ask for format=svg, install those packages beside Sleeve and let them be read, or pass createSleeve({ cardFiles }).';

/** The one instantiated module of this process (see the module). */
let instantiated: Promise<ResvgModule> | undefined;
function resvg(read: CardFiles): Promise<ResvgModule> {
  if (instantiated === undefined) {
    instantiated = (async () => {
      const [module, wasm] = await Promise.all([import('@resvg/resvg-wasm'), read('resvg.wasm')]);
      await module.initWasm(wasm);
      return module;
    })();
    instantiated.catch(() => (instantiated = undefined));
  }
  return instantiated;
}

/** A font is read as bytes: only the WebAssembly may come compiled. */
async function bytesOf(file: Promise<Uint8Array | WebAssembly.Module>): Promise<Uint8Array> {
  const read = await file;
  if (read instanceof Uint8Array) return read;
  throw new TypeError('cardFiles gave a font as a WebAssembly module: a font must be its bytes');
}

export interface PngRenderer {
  /** The card's PNG bytes; 503 `not_configured` when the files cannot be read. */
  render(svg: string): Promise<Uint8Array<ArrayBuffer>>;
}

export function pngRenderer(read: CardFiles, log: Logger): PngRenderer {
  let told = false;
  const fonts = keptOnSuccess(() => Promise.all([read('DejaVuSans.ttf'), read('DejaVuSans-Bold.ttf')].map(bytesOf)));
  return {
    async render(svg) {
      let module: ResvgModule;
      let faces: Uint8Array[];
      try {
        [module, faces] = await Promise.all([resvg(read), fonts()]);
      } catch (cause) {
        // Logged once, however many requests meet it; the body never carries the cause (a path).
        if (!told)
          log.error('PNG cards cannot read their files', {
            error: cause instanceof Error ? cause.message : String(cause),
          });
        told = true;
        throw new SleeveError('not_configured', UNREADABLE, { cause });
      }
      const renderer = new module.Resvg(svg, {
        font: { fontBuffers: faces, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
      });
      try {
        const image = renderer.render();
        const png = image.asPng();
        image.free();
        return new Uint8Array(png);
      } finally {
        renderer.free();
      }
    },
  };
}
