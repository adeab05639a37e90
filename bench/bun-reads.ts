/**
 * @module
 * `npm run bench:bun-reads`: what Bun itself charges for the reads Sleeve's contract makes of
 * every cache hit, on a bare `Bun.serve` that answers a cloned template (no Hono, no Sleeve):
 * `request.url`, six request headers, and `server.requestIP` (D8 limits per client address,
 * and Bun has no other way to learn it). Each variant's rate is reported against the server
 * that reads nothing, interleaved in rounds with `wrk`. Why Sleeve's hits on Bun stay short of
 * 0.9× the same-headers baseline of `npm run bench`, which reads none of these (issue #13).
 *
 * Knobs: BENCH_ROUNDS=3  BENCH_SECONDS=3  BENCH_CONNECTIONS=32
 */
import { BIN, startChild, type ChildServer } from '../test/helpers/child-server.ts';
import { median, requireWrk, wrk } from './harness/wrk.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const READS = ['none', 'url', 'headers', 'address'] as const;

requireWrk();
const servers = new Map<string, ChildServer>();
try {
  for (const read of READS)
    servers.set(read, await startChild(`${BIN}bun`, ['bench/harness/bun-reads-server.ts'], { BENCH_READ: read }));
  const runs = new Map<string, number[]>(READS.map((r) => [r, []]));
  for (const s of servers.values()) wrk(`${s.url}/`, { connections: CONNECTIONS, seconds: 1 });
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < READS.length; i++) {
      const read = READS[(i + round) % READS.length]!;
      runs.get(read)!.push(wrk(`${servers.get(read)!.url}/`, { connections: CONNECTIONS, seconds: SECONDS }).rps);
    }
  }
  const base = median(runs.get('none')!);
  console.log(
    `# Bun's price for a request's reads (bare Bun.serve, wrk -t1 -c${CONNECTIONS}, ${ROUNDS} interleaved rounds of ${SECONDS} s, medians)\n`,
  );
  console.log('| read | req/s | × none | µs per request over none |');
  console.log('|---|---:|---:|---:|');
  for (const read of READS) {
    const rps = median(runs.get(read)!);
    console.log(
      `| ${read} | ${Math.round(rps)} | ${(rps / base).toFixed(2)} | ${(1e6 / rps - 1e6 / base).toFixed(2)} |`,
    );
  }
} finally {
  await Promise.all([...servers.values()].map((s) => s.stop()));
}
