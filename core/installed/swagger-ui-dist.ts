/**
 * @module
 * The default `docsFiles`: a file of swagger-ui-dist (a dependency of Sleeve) for the `/docs`
 * page. First the installed package, through `node:fs`, which Node, Bun, Deno and Vercel's
 * Node functions all provide, imported on first use only; where it cannot be read (a
 * compiled executable, a JSR install, a runtime with no file system), the copy a build
 * embedded (`embedded.ts`), imported on first use too, so loading Sleeve costs nothing
 * for either. With neither, `/docs` answers `503 not_configured` unless the embedder
 * passes its own `docsFiles`.
 */
import { installedOrEmbedded, type EmbeddedModule } from './embedded.ts';

/** Reads one file of swagger-ui-dist by its name in the package (`swagger-ui.css`, `package.json`). */
export type DocsFiles = (name: string) => Promise<Uint8Array>;

async function readInstalled(name: string): Promise<Uint8Array> {
  const [{ readFile }, { createRequire }, { dirname, join }] = await Promise.all([
    import('node:fs/promises'),
    import('node:module'),
    import('node:path'),
  ]);
  // Found as Node finds it from this file; Bun, and Deno with `nodeModulesDir`, look in the same node_modules.
  const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return readFile(join(dir, name));
}

/** Called once per file (`docs/assets.ts` holds what it read), so nothing here is kept. */
export const installedSwaggerUi: DocsFiles = (name) =>
  installedOrEmbedded(name, readInstalled, (): Promise<EmbeddedModule> => import('./embedded/swagger-ui-dist.ts'));
