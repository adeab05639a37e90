/**
 * @module
 * The shared start-up of the runnable entries (`npm start`, `start:bun`, `start:deno`): read
 * the environment, read the catalogue file, serve, print one line. A bad variable prints one
 * line naming it and exits 1, never a stack trace; so does a port in use or not allowed
 * (`listen-failure.ts`) and a storage that cannot work (Redis without ioredis), naming the fix.
 */
import { ConfigError, prepareCatalog, type Sleeve } from '../../core/index.ts';
import { checkStorage } from '../../core/storage/preflight.ts';
import { settingWarnings } from '../../core/wiring/setting-warnings.ts';
import { heapAdvice, planFor } from './heap-limit.ts';
import { underWaiter } from './heap-child.ts';
import { stopWhenNpmShellGone } from './npm-shell.ts';
import { listenFailure } from '../shared/listen-failure.ts';
import { listeningLine, turnedOn } from '../shared/listening-line.ts';
import { SERVER_VARIABLES_TABLE, serveOptionsFromEnv } from '../shared/serve-env.ts';
import type { ServeOptions } from '../shared/serve-options.ts';

export interface Runtime {
  name: string;
  env: Record<string, string | undefined>;
  readFile(path: string): Promise<Uint8Array>;
  serve(
    options: ServeOptions & { port: number },
  ): Promise<{ url: string; storage: string; mode: string; bound?: string }>;
  exit(code: number): never;
}

/** What a runtime's `serve()` answered, as the start-up line names it. */
export function served({ url, sleeve, bound }: { url: string; sleeve: Sleeve; bound?: string }): {
  url: string;
  mode: string;
  storage: string;
  bound?: string;
} {
  return { url, mode: sleeve.deps.summary, storage: sleeve.deps.options.storageName, bound };
}

/**
 * `portSetting`: where the port was given (the command's `--port` wins over `PORT`), so a port
 * in use names the one to change.
 */
export async function start(
  runtime: Runtime,
  { portSetting = 'PORT' }: { portSetting?: 'PORT' | '--port' } = {},
): Promise<void> {
  let port: number | undefined;
  try {
    const env = serveOptionsFromEnv(runtime.env);
    const { catalogPath, options } = env;
    port = env.port;
    // A misspelt or idle variable is said once and start-up goes on (D67); a bad value stopped it above.
    for (const line of settingWarnings(runtime.env, { tables: [SERVER_VARIABLES_TABLE] }))
      console.error(`sleeve: ${line}`);
    // D50: a storage that cannot work is refused here (the throw below); one that does not answer is said.
    const unanswered = typeof options.storage === 'string' ? await checkStorage(options.storage) : undefined;
    if (unanswered) console.error(`sleeve: ${unanswered}`);
    // The bound the heap was sized for: a small container lowers the default (memory-plan.ts).
    const plan = planFor(runtime.env, options.cacheMb);
    for (const line of [plan.warning, await heapAdvice(runtime.env, plan)]) if (line) console.error(line);
    // A bad catalogue file stops start-up with one line naming its first bad record and field.
    // The service gets the file prepared, not its bytes, so they are collected once loaded.
    // Demo mode's built-in catalogue is built here too, before listening (D45): the first search
    // is as fast as the rest, and no request waits behind the build. Built once listening instead,
    // it held the event loop for 0.8 s while requests came in: under a rolling restart's load,
    // long enough for Redis commands to time out and the storage breaker to open.
    const catalog = catalogPath
      ? await prepareCatalog(await readCatalog(runtime, catalogPath))
      : (options.mode ?? 'demo') === 'demo'
        ? await prepareCatalog()
        : undefined;
    const served = await runtime.serve({ ...options, cacheMb: plan.cacheMb, catalog, port });
    console.log(listeningLine(served.url, served, runtime.name, turnedOn(options, catalogPath)));
    // Under the waiter (Node 20) the waiter watches npm's shell, and passes the stop on.
    if (!underWaiter()) stopWhenNpmShellGone(runtime.env, () => process.kill(process.pid, 'SIGTERM'));
  } catch (error) {
    const listening = port === undefined ? undefined : listenFailure(error, port, portSetting);
    console.error(`sleeve: ${listening ?? (error instanceof Error ? error.message : String(error))}`);
    runtime.exit(1);
  }
}

async function readCatalog(runtime: Runtime, path: string): Promise<Uint8Array> {
  try {
    return await runtime.readFile(path);
  } catch {
    throw new ConfigError('SLEEVE_CATALOG', 'the path of a readable catalogue file', path);
  }
}
