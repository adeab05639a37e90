/**
 * @module
 * resvg's drawing of a card, the same on every thread that draws (the answering one,
 * `cards/png.ts`; a worker of the adapters' pool, `adapters/shared/card-worker.ts`): a leaf, so
 * a worker thread loads this and resvg, not the whole of core. resvg-wasm allows one
 * `initWasm` per thread, so the module is instantiated once per thread and kept; the fonts are
 * handed to each document (resvg-wasm 2.6 keeps no font database between documents: ~1 ms of a
 * ~95 ms card, `cards/png.ts`).
 */
import type { CardFileBytes } from './card-loader.ts';

type ResvgModule = typeof import('@resvg/resvg-wasm');

/** The one instantiated module of this thread. */
let instantiated: Promise<ResvgModule> | undefined;
function resvg(wasm: CardFileBytes['wasm']): Promise<ResvgModule> {
  if (instantiated === undefined) {
    instantiated = (async () => {
      const module = await import('@resvg/resvg-wasm');
      await module.initWasm(wasm);
      return module;
    })();
    instantiated.catch(() => (instantiated = undefined));
  }
  return instantiated;
}

/** Instantiates resvg on this thread once (later calls reuse it) and returns its drawing function. */
export async function pngDrawer(files: CardFileBytes): Promise<(svg: string) => Uint8Array<ArrayBuffer>> {
  const module = await resvg(files.wasm);
  return (svg) => drawPng(module, svg, files.fonts);
}

function drawPng(module: ResvgModule, svg: string, fonts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const renderer = new module.Resvg(svg, {
    font: { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  try {
    const image = renderer.render();
    const png = image.asPng();
    image.free();
    return new Uint8Array(png);
  } finally {
    renderer.free();
  }
}
