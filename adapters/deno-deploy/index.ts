/**
 * @module
 * `sleeve/deno-deploy`: Sleeve for `deno serve` and Deno Deploy, whose entry is a module whose
 * default export has `fetch`. One Sleeve, made on the first request from the environment (read
 * as `npm start` reads it); its storage is Deno KV unless `SLEEVE_STORAGE` says otherwise
 * (`deno-kv`: on Deploy the project's own database, which its instances share, so they share
 * the cache, the rate limits and the upstream budget; locally Deno's default one, or a file
 * with `deno-kv:<path>`), and memory where `Deno.openKv` is missing (`deno serve` without
 * `--unstable-kv`), said once. Under `deno serve` its `onListen` makes that Sleeve and prints
 * the start-up line the other servers print. D48.
 */
import { prepareCatalog, type Sleeve, type SleeveOptions } from '../../core/index.ts';
import { ConfigError, optionsFromEnv } from '../../core/wiring/config.ts';
import { settingWarnings } from '../../core/wiring/setting-warnings.ts';
import { hasDenoKv } from '../../core/storage/deno-kv.ts';
import { inIsolate } from '../../core/status/options.ts';
import { configRefusal } from '../shared/config-refusal.ts';
import { listeningLine } from '../shared/listening-line.ts';
import { processMemory } from '../shared/process-memory.ts';
import { serverSleeve } from '../shared/server-sleeve.ts';

// hono/deno reads the Deno global as it loads: loaded only under Deno, so that plain Node can
// still import this module (the package's exports check does).
const honoDeno = 'Deno' in globalThis ? await import('hono/deno') : undefined;

/** The slice of `Deno` this entry reads, typed here so the npm build needs no Deno types. */
interface DenoGlobal {
  env: { toObject(): Record<string, string> };
  version: { deno: string };
}
const deno = (globalThis as { Deno?: DenoGlobal }).Deno;

/** What `deno serve` passes beside the request. */
export interface ServeInfo {
  remoteAddr?: { hostname?: string };
}

export interface DenoDeployHandler {
  fetch(request: Request, info?: ServeInfo): Response | Promise<Response>;
  /**
   * Called by `deno serve` once it listens, in place of its own line: Sleeve is made then, and
   * says where it listens, in which mode and on which storage, as the other servers' start-up
   * does; a variable set wrong is said there in one line (every request is answered 503).
   */
  onListen(addr: { hostname?: string; port?: number }): void;
}

/** Sleeve's options from the environment, Deno KV by default where it is. */
function fromEnv(): SleeveOptions {
  const env = deno?.env.toObject() ?? {};
  const { options, catalogPath } = optionsFromEnv(env);
  // Said once, as the Sleeve is made: a misspelt variable would be ignored (D67).
  for (const line of settingWarnings(env)) console.error(`[sleeve] ${line}`);
  // The servers read a catalogue file before they listen; a handler has no such moment.
  if (catalogPath !== undefined)
    throw new ConfigError('SLEEVE_CATALOG', 'unset under sleeve/deno-deploy (sleeve/deno serves a file)', catalogPath);
  const kv = hasDenoKv();
  // Named here as a variable set wrong (503 not_configured), where the storage's own refusal would be a 500.
  if (!kv && typeof options.storage === 'string' && options.storage.startsWith('deno-kv'))
    throw new ConfigError(
      'SLEEVE_STORAGE',
      'memory, fs:<dir> or redis://host:port without Deno.openKv (deno serve --unstable-kv)',
      options.storage,
    );
  if (options.storage !== undefined) return options;
  if (kv) return { ...options, storage: 'deno-kv' };
  console.error(
    "[sleeve] no Deno.openKv (deno serve --unstable-kv): the cache and the limits are this instance's alone",
  );
  return options;
}

/** `/status` says its figures are this isolate's (D52). */
const withIsolateStatus = (given: SleeveOptions): SleeveOptions => ({ ...given, status: inIsolate(given.status) });

export function createHandler(options: SleeveOptions = {}): DenoDeployHandler {
  let sleeve: Sleeve | undefined;
  /**
   * Demo mode's built-in catalogue while it is built, started as the Sleeve is made. The
   * servers build it before they listen (D45); a handler has no such moment, so requests wait
   * for it here, before any of their work starts: begun beside the build (about a second of one
   * block on a busy machine), a first /healthz timed its storage probe out behind it.
   */
  let building: Promise<void> | undefined;
  // D12: `/nowplaying/socket` upgrades through hono/deno; Deno's server takes cloned answers
  // faster; /metrics reports the isolate's memory as Deno's server does (read only when asked).
  const made = (): Sleeve => {
    if (sleeve) return sleeve;
    sleeve = serverSleeve(
      // `/status` says its figures are this isolate's (D52).
      withIsolateStatus({ ...fromEnv(), ...options }),
      { processMemory, upgradeWebSocket: honoDeno?.upgradeWebSocket, hitResponses: 'clones' },
    );
    const { mode, catalog } = sleeve.deps.options;
    // Built or failed, requests go on: a failure is said by the requests that need the catalogue.
    const built = () => {
      building = undefined;
    };
    if (mode === 'demo' && catalog === undefined) building = prepareCatalog().then(built, built);
    return sleeve;
  };
  return {
    fetch(request, info) {
      let served: Sleeve;
      try {
        served = made();
      } catch (error) {
        return configRefusal(error);
      }
      const bindings = { clientIp: info?.remoteAddr?.hostname };
      const pending = building;
      return pending ? pending.then(() => served.fetch(request, bindings)) : served.fetch(request, bindings);
    },
    onListen({ hostname, port }) {
      // `deno serve` listens on every address (0.0.0.0) unless told one; localhost is the one to open.
      const url = `http://${hostname === undefined || hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`;
      try {
        const { deps } = made();
        console.log(
          listeningLine(
            url,
            { mode: deps.summary, storage: deps.options.storageName },
            `deno ${deno?.version.deno ?? '?'}`,
          ),
        );
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        console.error(`sleeve listening on ${url} answering every request 503 not_configured: ${error.message}`);
      }
    },
  };
}

const handler: DenoDeployHandler = createHandler();
export default handler;
