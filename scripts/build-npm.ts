/**
 * @module
 * `npm run build` (and `npm pack`'s prepack): the npm package's `dist/`. tsc checks the
 * sources and writes the `.d.ts` files, one per module; esbuild writes the JavaScript, one
 * bundle per subpath of package.json's `exports`, split so what they share is one chunk and
 * what is imported on first use (`import()`: the demo catalogue's builder, ofetch, the card
 * renderer) stays a chunk of its own. Why bundle: Node pays for every module it loads, its
 * file, its resolution, its compilation, and tsc's one file per module made `import('sleeve')`
 * load some 280 of them, about 110 ms on the reference machine; bundled, it loads a few
 * (`npm run bench:import` measures it). npm packages stay imports, resolved from the user's
 * node_modules. D36.
 *
 * The embedded copies of the asset files (`core/installed/embedded/`, D38), written first, go
 * in as chunks of their own, loaded on first use: the package carries swagger-ui's five files,
 * the two font faces and the wasm (2.9 MB) instead of depending on swagger-ui-dist and
 * dejavu-fonts-ttf (24 MB installed), and serves `/docs` and cards where no file system is,
 * or where a bundler left node_modules behind.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { embedAssets } from './embed-assets.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `./dist/adapters/node/index.js` is built from `adapters/node/index.ts`. */
export function entryPoints(): string[] {
  const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as {
    exports: Record<string, { default: string }>;
  };
  return Object.values(pkg.exports).map((target) => target.default.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'));
}

export async function buildNpm(): Promise<void> {
  rmSync(`${ROOT}dist`, { recursive: true, force: true });
  embedAssets();
  // Under `npm test`, whose static checks type-check these same files with the same types
  // (tsconfig.bun.json) and fail the run on any error, tsc only writes the declarations: the
  // check again was half of its CPU. Anywhere else (npm run build, npm pack) it checks too.
  const checked = process.env['TYPES_CHECKED_BY_NPM_TEST'] === '1' ? ['--noCheck'] : [];
  execFileSync(
    process.execPath,
    [`${ROOT}node_modules/typescript/bin/tsc`, '-p', `${ROOT}tsconfig.build.json`, ...checked],
    {
      stdio: 'inherit',
    },
  );
  await build({
    absWorkingDir: ROOT,
    entryPoints: entryPoints(),
    outdir: 'dist',
    outbase: '.',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    // package.json's engines: Node 20.19+ and 22.13+ (tested on 20, 22 and 24); Bun and Deno run the same files.
    target: 'es2022',
    packages: 'external',
    chunkNames: 'core/chunks/[name]-[hash]',
    logLevel: 'warning',
  });
  // The card pool's worker thread (D53), started by its path: beside the chunk the pool lands in
  // (shared by the servers' entries), where `adapters/shared/card-pool.ts` looks for it.
  await build({
    absWorkingDir: ROOT,
    entryPoints: { [CARD_WORKER_OUT]: 'adapters/shared/card-worker.ts' },
    outdir: 'dist',
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    packages: 'external',
    logLevel: 'warning',
  });
}

/** Where the built worker lands, without its `.js`. */
const CARD_WORKER_OUT = 'core/chunks/card-worker';

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildNpm();
