/**
 * @module
 * `npm run start:deno-deploy`: serves a module's default export (`examples/deno-deploy/main.ts`)
 * as `deno serve` does, with `Deno.serve` on every address, its `fetch` answering and its
 * `onListen` told, but on `PORT` (default 8787; `deno serve` takes only `--port`, which an npm
 * script cannot read from the environment without a shell), and with a port in use or not
 * allowed said in one line naming the fix (`deno serve` prints Deno's uncaught error and its
 * stack). Run under `deno run`, with the flags `deno serve` would be given.
 */
import { listenFailure } from '../adapters/shared/listen-failure.ts';
import { ConfigError, ENV_VARIABLES, readVariables } from '../core/wiring/config.ts';

interface Entry {
  fetch(request: Request, info: unknown): Response | Promise<Response>;
  onListen?(addr: { hostname: string; port: number }): void;
}

declare const Deno: {
  args: string[];
  env: { toObject(): Record<string, string> };
  cwd(): string;
  exit(code: number): never;
  serve(
    options: { port: number; onListen(addr: { hostname: string; port: number }): void },
    handler: Entry['fetch'],
  ): unknown;
};

const path = Deno.args[0];
if (path === undefined) {
  console.error('usage: deno run [flags] scripts/deno-serve.ts <module>');
  Deno.exit(2);
}
let port = 8787;
try {
  port = (readVariables({ PORT: ENV_VARIABLES['PORT']! }, Deno.env.toObject()).PORT as number | undefined) ?? port;
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`sleeve: ${error.message}`);
  Deno.exit(1);
}
const { default: entry } = (await import(new URL(path, `file://${Deno.cwd()}/`).href)) as { default: Entry };
try {
  Deno.serve(
    {
      port,
      // As `deno serve`: the entry's own line if it has one, else Deno's.
      onListen: (addr) =>
        entry.onListen ? entry.onListen(addr) : console.error(`Listening on http://${addr.hostname}:${addr.port}/`),
    },
    (request, info) => entry.fetch(request, info),
  );
} catch (error) {
  console.error(`sleeve: ${listenFailure(error, port) ?? (error instanceof Error ? error.message : String(error))}`);
  Deno.exit(1);
}
