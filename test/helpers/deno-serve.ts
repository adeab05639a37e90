/**
 * `examples/deno-deploy/main.ts` under `deno serve`, the real binary, as Deno Deploy runs its
 * entry: a random port, the environment given, Deno KV unlocked (`--unstable-kv`), and the
 * permissions the npm script `start:deno-deploy` grants.
 */
import { BIN, startChild, type ChildServer } from './child-server.ts';
import { scriptCommand } from './scripts.ts';

export function startDenoServe(env: Record<string, string> = {}, { kv = true } = {}): Promise<ChildServer> {
  const [, args] = scriptCommand('start:deno-deploy');
  // The script as it is (the example's entry, its package name resolved through deno.json), on a
  // random port; `kv: false` leaves out `--unstable-kv`, as a `deno serve` without Deno KV.
  return startChild(
    `${BIN}deno`,
    args.map((arg, i) => (args[i - 1] === '--port' ? '0' : arg)).filter((arg) => kv || arg !== '--unstable-kv'),
    env,
  );
}
