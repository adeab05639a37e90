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

let packageDir: Promise<string> | undefined;

/**
 * Where the package is installed, resolved as Node resolves it from this file (Deno with
 * `nodeModulesDir` and Bun resolve the same `node_modules`). Resolved once; a failure is
 * forgotten, so a later request tries again.
 */
function swaggerUiDir(): Promise<string> {
  packageDir ??= (async () => {
    const [{ createRequire }, { dirname }] = await Promise.all([import('node:module'), import('node:path')]);
    return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  })();
  packageDir.catch(() => (packageDir = undefined));
  return packageDir;
}

export const installedSwaggerUi: DocsFiles = async (name) => {
  const [{ readFile }, { join }, dir] = await Promise.all([import('node:fs/promises'), import('node:path'), swaggerUiDir()]);
  return readFile(join(dir, name));
};
