/**
 * @module
 * How the benches start a TypeScript entry of a checkout on each runtime: as the package's own
 * start scripts do, one process each (no tsx wrapper, whose CPU the bench would not see). Node
 * takes the V8 flags of `npm start`, read from package.json so the bench measures what users
 * run, for Sleeve and baselines alike: a comparison on one runtime is made with one runtime's
 * configuration.
 */
import { readFileSync } from 'node:fs';
import { BIN } from '../../test/helpers/child-server.ts';
import { scriptCommand } from '../../test/helpers/scripts.ts';

/** The flags `npm start` gives Node besides `--import tsx`, e.g. `--min-semi-space-size=16`. */
const NODE_START_FLAGS: readonly string[] = scriptCommand('start')[1].filter(
  (word) => word.startsWith('--') && word !== '--import',
);

/** A checkout's package.json: its start scripts and its `sleeve` command. */
function manifest(root: string): { scripts: Record<string, string>; bin: { sleeve: string } } {
  return JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
}

/**
 * The entry `npm start` (`start:bun`, `start:deno`) runs in the checkout at `root`, read from its
 * own package.json (the last word of the script), so a checkout laid out otherwise (before issue
 * #45, the Node entry sat directly in `adapters/`) is started from its own entry.
 */
export function startEntry(runtime: string, root = '.'): string {
  const script = manifest(root).scripts[runtime === 'node' ? 'start' : `start:${runtime}`];
  if (!script) throw new Error(`bench: ${root} has no start script for ${runtime}`);
  return script.trim().split(/\s+/).at(-1)!;
}

/** The built `sleeve` command of the checkout at `root` (package.json's `bin`), relative to it. */
export function builtCommand(root: string): string {
  return manifest(root).bin.sleeve;
}

/** `[command, args]` to run `entry` (a path inside `root`) on `runtime`. */
export function runEntry(runtime: string, entry: string, root = '.'): [string, string[]] {
  const file = `${root}/${entry}`;
  switch (runtime) {
    case 'node':
      return [process.execPath, [...NODE_START_FLAGS, '--import', 'tsx', file]];
    case 'bun':
      return [`${BIN}bun`, [file]];
    case 'deno':
      return [`${BIN}deno`, ['run', '-A', '--unstable-no-legacy-abort', `--config=${root}/deno.json`, file]];
    default:
      throw new Error(`bench: no runtime ${runtime} (node, bun or deno)`);
  }
}
