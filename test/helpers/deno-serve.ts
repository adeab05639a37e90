/**
 * `examples/deno-deploy/main.ts` served as `deno serve` serves it (`scripts/deno-serve.ts`, the
 * real binary), as the npm script `start:deno-deploy` runs it: a random port (PORT=0 unless
 * given), the environment given, Deno KV unlocked (`--unstable-kv`), and the script's flags.
 */
import { BIN, startChild, type ChildServer } from './child-server.ts';
import { scriptCommand } from './scripts.ts';

export function startDenoServe(env: Record<string, string> = {}, { kv = true } = {}): Promise<ChildServer> {
  const [, args] = scriptCommand('start:deno-deploy');
  // The script as it is (the example's entry, its package name resolved through deno.json), on
  // PORT; `kv: false` leaves out `--unstable-kv`, as a `deno serve` without Deno KV.
  return startChild(
    `${BIN}deno`,
    args.filter((arg) => kv || arg !== '--unstable-kv'),
    env,
  );
}
