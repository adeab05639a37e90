/**
 * @module
 * The files a PNG card is drawn with, by name, like `/docs`' `docsFiles`: resvg's
 * WebAssembly module and the two DejaVu Sans faces (resvg-wasm sees no system fonts: without
 * a font it draws no text at all). Their names, where the packages hold them and the embedded
 * fonts; a server's reader of the installed packages is `installed-card-files.ts`, apart,
 * because it imports `node:*`: a Worker imports this module (for the fonts), and a bundler
 * resolves every import of a module it reaches, used or not, so wrangler would ask for
 * `nodejs_compat` (D47).
 */
import type { EmbeddedModule } from './embedded.ts';

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

/** The embedded fonts alone: what a Worker reads, its wasm given compiled. */
export const embeddedCardFonts = (): Promise<EmbeddedModule> => import('./embedded/card-fonts.ts');
