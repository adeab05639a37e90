/**
 * @module
 * The servers' default `cardFiles`: reads the installed packages through `node:fs`, which
 * Node, Bun, Deno and Vercel's Node functions provide, imported on first use only; where they
 * cannot be read (a compiled executable, a JSR install, a runtime with no file system), the
 * copies a build embedded (`embedded.ts`), imported on first use too. With neither (a
 * Vercel function that does not ship the files), PNG answers 503 `not_configured` while SVG
 * still works, unless the embedder passes its own `cardFiles`. Only the server's platform
 * (`core/index.ts`) imports this module: nothing a Worker reaches may import `node:*` (D47).
 */
import { CARD_PACKAGE_PATHS, type CardFileName, embeddedCardFonts } from './card-files.ts';
import { installedOrEmbedded, type EmbeddedModule } from './embedded.ts';

async function readInstalled(name: string): Promise<Uint8Array> {
  const [{ readFile }, { createRequire }] = await Promise.all([import('node:fs/promises'), import('node:module')]);
  // Found as Node finds it from this file; Bun, and Deno with `nodeModulesDir`, look in the same node_modules.
  return readFile(createRequire(import.meta.url).resolve(CARD_PACKAGE_PATHS[name as CardFileName]));
}

/** Called once per file (`cards/png.ts` holds what it read). */
export const installedCardFiles: (name: CardFileName) => Promise<Uint8Array> = (name) =>
  installedOrEmbedded(
    name,
    readInstalled,
    name === 'resvg.wasm' ? (): Promise<EmbeddedModule> => import('./embedded/card-wasm.ts') : embeddedCardFonts,
  );
