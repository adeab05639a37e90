/**
 * @module
 * The real start-up (`adapters/launch/start.ts`: the environment read by `optionsFromEnv`, the same
 * one line printed) under whichever runtime runs it, with one difference: a clock the test
 * can move forward, by writing `advance <ms>` to stdin (answered `clock +<total> ms`). The
 * fault matrix needs it for `X-Cache: STALE`: an entry must be past its lifetime and under
 * 24 h old, without the test waiting for an hour. Real time still drives everything that is
 * not `deps.clock.now()` (timeouts, circuit and storage breakers).
 *
 *   node_modules/.bin/tsx test/reliability/_clock-main.ts
 *   node_modules/.bin/bun test/reliability/_clock-main.ts
 *   node_modules/.bin/deno run --allow-net --allow-env --allow-read test/reliability/_clock-main.ts
 */
import { readFile } from 'node:fs/promises';
import process from 'node:process';
import { createInterface } from 'node:readline';
import type { SleeveOptions } from '../../core/index.ts';
import { start } from '../../adapters/launch/start.ts';

let offset = 0;
const now = (): number => Date.now() + offset;
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = /^advance (\d+)$/.exec(line.trim());
  if (!m) return;
  offset += Number(m[1]);
  console.log(`clock +${offset} ms`);
});

const runtime = 'Bun' in globalThis ? 'bun' : 'Deno' in globalThis ? 'deno' : 'node';

type Served = { url: string; sleeve: { deps: { summary: string; options: { storageName: string } } } };
async function serve(options: SleeveOptions & { port: number }): Promise<Served> {
  const withClock = { ...options, now, hostname: '127.0.0.1' };
  if (runtime === 'bun') return (await import('../../adapters/bun/index.ts')).serve(withClock);
  if (runtime === 'deno') return (await import('../../adapters/deno/index.ts')).serve(withClock);
  return (await import('../../adapters/node/index.ts')).serve(withClock);
}

await start({
  name: `${runtime} (test clock)`,
  env: process.env,
  readFile: async (path) => new Uint8Array(await readFile(path)),
  serve: async (options) => {
    const { url, sleeve } = await serve(options);
    return { url, mode: sleeve.deps.summary, storage: sleeve.deps.options.storageName };
  },
  exit: (code) => process.exit(code),
});
