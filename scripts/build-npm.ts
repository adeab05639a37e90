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
 * The embedded copies of the asset files (`core/installed/embedded/`, D38) are left out: the
 * npm package depends on the packages they come from, so where it is installed they are
 * read from node_modules, and its size stays what users download (no 3 MB in every install).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `./dist/adapters/node.js` is built from `adapters/node.ts`. */
export function entryPoints(): string[] {
  const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { exports: Record<string, { default: string }> };
  return Object.values(pkg.exports).map((target) => target.default.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'));
}

/** The embedded modules, as the npm build gives them: no files (see the module). */
const NOTHING_EMBEDDED: Plugin = {
  name: 'nothing-embedded',
  setup(build) {
    build.onResolve({ filter: /\/installed\/embedded\/[\w-]+\.ts$|^\.\/embedded\/[\w-]+\.ts$/ }, (args) => ({ path: args.path, namespace: 'nothing-embedded' }));
    build.onLoad({ filter: /.*/, namespace: 'nothing-embedded' }, () => ({
      contents: '// The npm package reads these files from its installed dependencies (D38).\nexport const SOURCES = [];\nexport const FILES = {};\n',
      loader: 'js',
    }));
  },
};

export async function buildNpm(): Promise<void> {
  rmSync(`${ROOT}dist`, { recursive: true, force: true });
  execFileSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-p', `${ROOT}tsconfig.build.json`], { stdio: 'inherit' });
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
    plugins: [NOTHING_EMBEDDED],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildNpm();
