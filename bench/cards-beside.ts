/**
 * @module
 * `npx tsx bench/cards-beside.ts`: what one client's PNG cards cost everyone else (D53). A
 * checkout is started as `npm start` starts it (Node); for `BENCH_SECONDS` (6) one client asks a
 * new card every 200 ms (5 distinct cards a second, inside its 60-a-minute limit) without
 * waiting for the one before, while another client asks `/errors` every 50 ms. Printed per
 * checkout: the other client's latency (p50, p90, max) and the card client's statuses and
 * latency. Checkouts (`BENCH_CHECKOUTS=.,../before`, as `bench:checkouts` names them) run in
 * turn, each round in another order, in fresh processes (`BENCH_ROUNDS`, 2). The goal: the other
 * client's p90 at most 100 ms. Not a test: figures depend on the machine and what else runs.
 */
import type { ChildServer } from '../test/helpers/child-server.ts';
import { createSleeve } from '../core/index.ts';
import { checkoutList, startCheckout } from './harness/checkout.ts';
import { BENCH_UA as UA } from './harness/wrk.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CHECKOUTS = checkoutList(process.env.BENCH_CHECKOUTS ?? '.');
const CARD_EVERY_MS = 200;
const OTHER_EVERY_MS = 50;

// The demo catalogue is the same in every process: its tracks are the cards asked for.
const demo = createSleeve({ log: { info() {}, error() {} } });
const cardCount = Math.ceil((SECONDS * 1000) / CARD_EVERY_MS) + 1;
const tracks = (await demo.deps.drivers.music.chart(null, { limit: cardCount }))!.tracks.map((t) => t.id);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (list: number[], p: number): number =>
  list.length === 0
    ? Number.NaN
    : +[...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * p))]!.toFixed(1);

async function timed(url: string, client: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'user-agent': UA, 'x-forwarded-for': client } });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

interface Run {
  other: number[];
  cards: number[];
  statuses: Record<string, number>;
}

async function measure(server: ChildServer): Promise<Run> {
  // One card first, so resvg (and the threads, where there are) are started before the clock runs.
  await timed(`${server.url}/og?id=${tracks.at(-1)}`, '10.0.0.9');
  const run: Run = { other: [], cards: [], statuses: {} };
  const end = performance.now() + SECONDS * 1000;
  const asking: Promise<void>[] = [];
  const cards = (async () => {
    for (let i = 0; performance.now() < end; i++) {
      asking.push(
        timed(`${server.url}/og?id=${tracks[i % (tracks.length - 1)]}`, '10.0.0.1').then(({ ms, status }) => {
          run.cards.push(ms);
          run.statuses[status] = (run.statuses[status] ?? 0) + 1;
        }),
      );
      await sleep(CARD_EVERY_MS);
    }
  })();
  const other = (async () => {
    while (performance.now() < end) {
      const next = sleep(OTHER_EVERY_MS);
      run.other.push((await timed(`${server.url}/errors`, '10.0.0.2')).ms);
      await next;
    }
  })();
  await Promise.all([cards, other]);
  await Promise.all(asking);
  return run;
}

const results = new Map<string, Run[]>();
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? CHECKOUTS : [...CHECKOUTS].reverse();
  for (const checkout of order) {
    const server = await startCheckout(checkout, 'node', { more: { SLEEVE_TRUST_PROXY: '1' } });
    try {
      const runs = results.get(checkout.name) ?? [];
      runs.push(await measure(server));
      results.set(checkout.name, runs);
    } finally {
      await server.stop();
    }
  }
}

for (const [name, runs] of results) {
  const other = runs.flatMap((r) => r.other);
  const cards = runs.flatMap((r) => r.cards);
  const statuses: Record<string, number> = {};
  for (const r of runs) for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  console.log(
    JSON.stringify({
      checkout: name,
      otherMs: { n: other.length, p50: pct(other, 0.5), p90: pct(other, 0.9), max: pct(other, 1) },
      cardMs: { n: cards.length, p50: pct(cards, 0.5), p90: pct(cards, 0.9) },
      cardStatuses: statuses,
    }),
  );
}
