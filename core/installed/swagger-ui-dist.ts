/**
 * @module
 * The default `docsFiles`: reads a file of the installed `swagger-ui-dist` package (a
 * dependency of Sleeve) for the `/docs` page. Through `node:fs`, which Node, Bun, Deno and
 * Vercel's Node functions all provide, imported on first use only: loading Sleeve on a
 * runtime without it (an edge worker) neither fails nor costs anything, and there `/docs`
 * answers D3 `503 not_configured` unless the embedder passes its own `docsFiles`.
 */

/** Reads one file of swagger-ui-dist by its name in the package (`swagger-ui.css`, `package.json`). */
export type DocsFiles = (name: string) => Promise<Uint8Array>;

/** Called once per file (`docs/assets.ts` holds what it read), so nothing here is kept. */
export const installedSwaggerUi: DocsFiles = async (name) => {
  const [{ readFile }, { createRequire }, { dirname, join }] = await Promise.all([import('node:fs/promises'), import('node:module'), import('node:path')]);
  // Found as Node finds it from this file; Bun, and Deno with `nodeModulesDir`, look in the same node_modules.
  const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return readFile(join(dir, name));
};
