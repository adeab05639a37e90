/**
 * @module
 * How the benches start a TypeScript entry of a checkout on each runtime: as the package's own
 * start scripts do, one process each (no tsx wrapper, whose CPU the bench would not see). Node
 * takes the V8 flags of `npm start`, read from package.json so the bench measures what users
 * run, for Sleeve and baselines alike: a comparison on one runtime is made with one runtime's
 * configuration.
 */
import { BIN } from '../test/helpers/child-server.ts';
import { scriptCommand } from '../test/helpers/scripts.ts';

/** The flags `npm start` gives Node besides `--import tsx`, e.g. `--min-semi-space-size=16`. */
export const NODE_START_FLAGS: readonly string[] = scriptCommand('start')[1].filter(
  (word) => word.startsWith('--') && word !== '--import',
);

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
