/**
 * @module
 * `npm run build:workers`: bundles `examples/workers/` as wrangler would deploy it, with the
 * settings of its own `wrangler.toml` (entry, `[alias]`), for the tests that run it in
 * `workerd` (through miniflare) and for the size the free plan's 3 MB limit is about (D47).
 * What wrangler does, done here with the same esbuild: the Workers conditions (`workerd`,
 * `worker`, `browser`), `node:*` and `cloudflare:*` left to the runtime, and a `.wasm` import
 * made a module of its own (wrangler's `CompiledWasm` rule), beside the script.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile, type Plugin } from 'esbuild';
import { parse } from 'smol-toml';
import { embedAssets } from './embed-assets.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WORKER_EXAMPLE: string = join(ROOT, 'examples/workers');
export const WORKER_OUT: string = join(ROOT, 'out/workers');

/** The parts of wrangler.toml the build and the tests read. */
export interface WranglerConfig {
  main: string;
  compatibility_date: string;
  compatibility_flags?: string[];
  vars?: Record<string, string>;
  kv_namespaces?: { binding: string; id: string }[];
  durable_objects?: { bindings: { name: string; class_name: string }[] };
  alias?: Record<string, string>;
}

export function wranglerConfig(dir: string = WORKER_EXAMPLE): WranglerConfig {
  return parse(readFileSync(join(dir, 'wrangler.toml'), 'utf8')) as unknown as WranglerConfig;
}

export interface WorkerBundle {
  /** The modules miniflare is given, the script first. */
  modules: { type: 'ESModule' | 'CompiledWasm'; path: string }[];
  /** Each file's bytes and gzip'd bytes, and the sums: what the 3 MB limit counts. */
  files: { name: string; bytes: number; gzip: number }[];
  bytes: number;
  gzip: number;
  /** esbuild's account of the build: every input, what it imports, and what the output holds. */
  metafile: Metafile;
  /** The entry as the metafile names its input (relative to the checkout). */
  entry: string;
}

/** The inputs reachable from `entry` through static and dynamic imports alike, as a bundler resolves both. */
export function reachableInputs(metafile: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  for (let input = queue.shift(); input !== undefined; input = queue.shift()) {
    if (seen.has(input) || !(input in metafile.inputs)) continue;
    seen.add(input);
    for (const imported of metafile.inputs[input]!.imports) if (!imported.external) queue.push(imported.path);
  }
  return [...seen];
}

/**
 * Every `node:*` import of an input reachable from `entry`, as `input -> node:…`. D47: a Worker
 * needs no `nodejs_compat`, and wrangler warns about each of these even when the code making it
 * is dropped from the bundle afterwards: it resolves an import before it knows whether it is used.
 */
export function nodeImportsOf(metafile: Metafile, entry: string): string[] {
  return reachableInputs(metafile, entry).flatMap((input) =>
    metafile.inputs[input]!.imports.filter((i) => i.path.startsWith('node:')).map((i) => `${input} -> ${i.path}`),
  );
}

const RESOLVING = Symbol('resolving a .wasm file');

/** `.wasm` imports become modules of their own beside the script, as wrangler uploads them. */
function compiledWasm(outdir: string, copied: string[]): Plugin {
  return {
    name: 'compiled-wasm',
    setup(build) {
      build.onResolve({ filter: /\.wasm$/ }, async (args) => {
        // Asked again below for the file's path: that second ask is answered by esbuild itself.
        if (args.pluginData === RESOLVING) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: RESOLVING,
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const name = basename(resolved.path);
        copyFileSync(resolved.path, join(outdir, name));
        copied.push(name);
        return { path: `./${name}`, external: true };
      });
    },
  };
}

export async function buildWorker(dir: string = WORKER_EXAMPLE, outdir: string = WORKER_OUT): Promise<WorkerBundle> {
  embedAssets();
  const config = wranglerConfig(dir);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const wasm: string[] = [];
  const alias = Object.fromEntries(
    Object.entries(config.alias ?? {}).map(([from, to]) => [from, to.startsWith('.') ? join(dir, to) : to]),
  );
  const entryPath = join(dir, config.main);
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: [entryPath],
    outfile: join(outdir, 'worker.js'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: true,
    external: ['node:*', 'cloudflare:*'],
    alias,
    plugins: [compiledWasm(outdir, wasm)],
    metafile: true,
    logLevel: 'warning',
  });
  const names = ['worker.js', ...wasm];
  const files = names.map((name) => {
    const bytes = readFileSync(join(outdir, name));
    return { name, bytes: statSync(join(outdir, name)).size, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return {
    modules: names.map((name) => ({
      type: name.endsWith('.wasm') ? 'CompiledWasm' : 'ESModule',
      path: join(outdir, name),
    })),
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    metafile,
    entry: relative(ROOT, entryPath),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bundle = await buildWorker();
  for (const f of bundle.files)
    console.log(
      `${dirname(WORKER_OUT).slice(ROOT.length)}/workers/${f.name}: ${(f.bytes / 1e6).toFixed(2)} MB, ${(f.gzip / 1e6).toFixed(2)} MB gzip'd`,
    );
  console.log(
    `in all: ${(bundle.bytes / 1e6).toFixed(2)} MB, ${(bundle.gzip / 1e6).toFixed(2)} MB gzip'd (the free plan allows 3 MB gzip'd)`,
  );
  // What wrangler would warn needs nodejs_compat (D47: nothing should).
  for (const line of nodeImportsOf(bundle.metafile, bundle.entry)) console.warn(`needs nodejs_compat: ${line}`);
}
