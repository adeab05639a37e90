/**
 * @module
 * D29: the files a PNG card is drawn with, by name, like `/docs`' `docsFiles`: resvg's
 * WebAssembly module and the two DejaVu Sans faces (resvg-wasm sees no system fonts: without
 * a font it draws no text at all). The default reads the installed packages through
 * `node:fs`, which Node, Bun, Deno and Vercel's Node functions provide, imported on first use
 * only; where they cannot be read (a compiled executable, a JSR install, a runtime with no
 * file system), the copies a build embedded (`embedded.ts`, D38), imported on first use too.
 * With neither (a Vercel function that does not ship the files, the npm package on an edge
 * worker), PNG answers 503 `not_configured` while SVG still works, unless the embedder passes
 * its own `cardFiles`.
 */
import { installedOrEmbedded, type EmbeddedModule } from './embedded.ts';

export const CARD_FONT_NAMES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'] as const;
export const CARD_FILE_NAMES = ['resvg.wasm', ...CARD_FONT_NAMES] as const;
export type CardFileName = (typeof CARD_FILE_NAMES)[number];

/**
 * Reads one of the card's files by its name here (`resvg.wasm`, `DejaVuSans.ttf`,
 * `DejaVuSans-Bold.ttf`). `resvg.wasm` may come compiled, as a `WebAssembly.Module`: where the
 * runtime compiles no WebAssembly from bytes (a Worker), its bundler imports the module so.
 */
export type CardFiles = (name: CardFileName) => Promise<Uint8Array | WebAssembly.Module>;

/** Where each name is in the installed packages (`@resvg/resvg-wasm` exports its `.wasm`). */
export const CARD_PACKAGE_PATHS: Readonly<Record<CardFileName, string>> = {
  'resvg.wasm': '@resvg/resvg-wasm/index_bg.wasm',
  'DejaVuSans.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  'DejaVuSans-Bold.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

async function readInstalled(name: string): Promise<Uint8Array> {
  const [{ readFile }, { createRequire }] = await Promise.all([import('node:fs/promises'), import('node:module')]);
  // Found as Node finds it from this file; Bun, and Deno with `nodeModulesDir`, look in the same node_modules.
  return readFile(createRequire(import.meta.url).resolve(CARD_PACKAGE_PATHS[name as CardFileName]));
}

/** The embedded fonts alone: what a Worker reads, its wasm given compiled (D47). */
export const embeddedCardFonts = (): Promise<EmbeddedModule> => import('./embedded/card-fonts.ts');

/** Called once per file (`cards/png.ts` holds what it read). */
export const installedCardFiles: (name: CardFileName) => Promise<Uint8Array> = (name) =>
  installedOrEmbedded(
    name,
    readInstalled,
    name === 'resvg.wasm' ? (): Promise<EmbeddedModule> => import('./embedded/card-wasm.ts') : embeddedCardFonts,
  );
