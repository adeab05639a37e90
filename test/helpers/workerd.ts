/**
 * Sleeve's Worker in real `workerd`, through miniflare, each instance on a loopback port of its
 * own: the example's bundle (`scripts/build-workers.ts`, built into a folder of the caller's,
 * so test files running at once do not share one) with the bindings its `wrangler.toml` names.
 * Several instances are several Workers of one workerd, each its own isolate, sharing the one
 * KV namespace and the Durable Object class of the first: as isolates in many places share
 * them on Cloudflare.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare, type WorkerOptions } from 'miniflare';
import { buildWorker, wranglerConfig, type WorkerBundle } from '../../scripts/build-workers.ts';

export interface Workerd {
  /** Each instance's base URL (`http://127.0.0.1:port`), in the order asked for. */
  urls: string[];
  bundle: WorkerBundle;
  /** Milliseconds from miniflare's start until workerd listened. */
  readyMs: number;
  stop(): Promise<void>;
}

/**
 * Starts one instance per entry of `vars` (each over the example's own vars); `dir`: a copy of
 * the example elsewhere (in a project that installed the packed package).
 */
export async function startWorkerd(vars: Record<string, string>[] = [{}], dir?: string): Promise<Workerd> {
  const outdir = mkdtempSync(join(tmpdir(), 'sleeve-worker-'));
  const bundle = await buildWorker(dir, outdir);
  const config = wranglerConfig(dir);
  const names = vars.map((_, i) => `sleeve-${i}`);
  const kv = Object.fromEntries((config.kv_namespaces ?? []).map((ns) => [ns.binding, `${ns.binding}-test`]));
  const objects = config.durable_objects?.bindings ?? [];
  const workers: WorkerOptions[] = vars.map((own, i) => ({
    name: names[i],
    modules: bundle.modules,
    modulesRoot: outdir,
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    bindings: { ...config.vars, ...own },
    kvNamespaces: kv,
    durableObjects: Object.fromEntries(
      objects.map((o) => [o.name, i === 0 ? o.class_name : { className: o.class_name, scriptName: names[0] }]),
    ),
    unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
  }));
  const started = performance.now();
  const mf = new Miniflare({ workers });
  await mf.ready;
  const readyMs = performance.now() - started;
  const urls = await Promise.all(
    names.map(async (name) => (await mf.unsafeGetDirectURL(name)).href.replace(/\/$/, '')),
  );
  return {
    urls,
    bundle,
    readyMs,
    async stop() {
      await mf.dispose();
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}
