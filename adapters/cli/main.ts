/**
 * @module
 * The `sleeve` command (`index.ts`), once the runtime is held to its memory plan: serves Sleeve on the
 * runtime it runs on, Bun.serve under Bun (`bunx --bun sleeve`), Deno.serve under Deno
 * (`deno run -A npm:sleeve`, `deno run -A jsr:@sleeve/sleeve/cli`), `node:http` under Node
 * (`npx sleeve`), configured from the environment and the flags (`args.ts`). Each
 * runtime's adapter is loaded only under that runtime: they read its globals.
 */
import { helpText, parseCommand, UsageError } from './args.ts';
import { PACKAGE_VERSION } from './package-version.ts';
import { probe } from './probe.ts';
import { start, type Runtime } from '../launch/start.ts';

async function runtime(): Promise<Runtime> {
  if ('Deno' in globalThis) return (await import('../deno/runtime.ts')).denoRuntime();
  if ('Bun' in globalThis) return (await import('../bun/runtime.ts')).bunRuntime();
  return (await import('../node/runtime.ts')).nodeRuntime();
}

/** Deno's arguments and exit, where it is Deno: `--help`, `--version` and `--probe` load no server. */
const deno = (
  globalThis as unknown as {
    Deno?: { args: string[]; env: { toObject(): Record<string, string> }; exit(code: number): never };
  }
).Deno;
const args = deno ? deno.args : process.argv.slice(2);
try {
  const command = parseCommand(args, deno ? deno.env.toObject() : process.env);
  if (command.kind === 'help') console.log(helpText(PACKAGE_VERSION));
  else if (command.kind === 'version') console.log(PACKAGE_VERSION);
  else if (command.kind === 'probe') {
    const code = await probe(command.url);
    if (deno) deno.exit(code);
    process.exit(code);
  } else await start({ ...(await runtime()), env: command.env }, { portSetting: command.portSetting });
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  // One line, as a bad variable's; 2, as a shell's usage errors.
  console.error(`sleeve: ${error.message}; sleeve --help lists the flags`);
  if (deno) deno.exit(2);
  process.exit(2);
}
