/**
 * @module
 * Fixture for the socket tests on Bun and Deno: serves Sleeve through the runtime's own adapter
 * (detected) on a random port, with a clock the test sets by writing `clock <ms>` lines to
 * stdin, and a 20 ms watcher poll. Prints `listening on <url>` like the real entries.
 */
import process from 'node:process';
import { createInterface } from 'node:readline';

const clock = { now: Number(process.env.SLEEVE_TEST_CLOCK) };
createInterface({ input: process.stdin }).on('line', (line) => {
  const set = /^clock (\d+)$/.exec(line.trim());
  if (set) clock.now = Number(set[1]);
});

const runtime = 'Bun' in globalThis ? 'bun' : 'Deno' in globalThis ? 'deno' : 'node';
const options = {
  port: 0,
  hostname: '127.0.0.1',
  now: () => clock.now,
  radioPollMs: 20,
  rateLimits: 'off' as const,
  log: { info() {}, error() {} },
  // Deno's sockets are pinged at the idle timeout, which cuts one stalled in a message (D57): a
  // second here, so a test sees it soon. Deno has no other idle timeout to disturb.
  ...(runtime === 'deno' ? { idleTimeoutMs: 1_000 } : {}),
};
let url: string;
if (runtime === 'bun') url = (await import('../../../adapters/bun/index.ts')).serve(options).url;
else if (runtime === 'deno') url = (await (await import('../../../adapters/deno/index.ts')).serve(options)).url;
else url = (await (await import('../../../adapters/node/index.ts')).serve(options)).url;
console.log(`listening on ${url}`);
