/**
 * @module
 * The tables of the Zipf workload (`workload.ts`): the run as a whole per Sleeve, issue
 * #43's goals beside each Sleeve's figures, the run minute by minute (the cache starts cold,
 * so the first minutes hold most of the budget's waits) and endpoint by endpoint. A request
 * counts twice over: by its first answer (what a client that does not retry sees) and in the
 * end (after its one retry, what a client honouring Retry-After sees).
 */
import { SLOT_MS } from '../../core/drivers/kit/budget/budget.ts';
import type { ReplayCall } from '../../replay/server.ts';
import { busiestWindow } from '../../replay/sliding-window.ts';
import {
  allowancePerSecond,
  budgetUse,
  bySamples,
  EVERY_MS,
  waitingSlots,
  type BudgetUse,
  type QueueSample,
} from './metrics.ts';
import type { Answer, Arrival, Outcome, ZipfSettings } from './types.ts';

/** What one Sleeve did in the run. */
export interface ZipfResult {
  name: string;
  outcomes: Outcome[];
  calls: readonly ReplayCall[];
  /** Its budget queue over the run; undefined when its /metrics has no `sleeve_budget_queued`. */
  samples: QueueSample[] | undefined;
}

export interface ZipfRun {
  settings: ZipfSettings;
  keys: string[];
  arrivals: Arrival[];
  skipped: number;
  quota: { limit: number; windowMs: number };
  /** Seconds until every request and retry settled. */
  elapsed: number;
  /** Date.now() when the first arrival was due. */
  startedAt: number;
}

/** Issues #43's, #52's and #63's goals. */
const GOALS = {
  p99Ms: 3000,
  answeredInTheEnd: 99.5,
  budgetUse: 95,
  firstAnswers: 93,
  retryAfterP90S: 60,
  retriesAnswered: 99,
} as const;

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN);

const share = (n: number, of: number): string => `${((100 * n) / Math.max(1, of)).toFixed(2)}% (${n})`;

const ok = (status: number): boolean => status >= 200 && status < 300;
const isAnswered = (a: Answer): boolean => ok(a.status) || a.status === 404;
/** Answered first, or a 503 whose retry was. */
const inTheEnd = (o: Outcome): boolean =>
  isAnswered(o) || (o.status === 503 && o.retry !== undefined && isAnswered(o.retry));
/** First answers' p99 in ms: timeouts and drops have no answer, the `other` column counts them. */
const p99 = (all: readonly Outcome[]): number =>
  percentile(
    all
      .filter((o) => o.status > 0)
      .map((o) => o.ms)
      .sort((a, b) => a - b),
    99,
  );
const label = (status: number): string =>
  status === 0 ? 'timeout/error' : status === -1 ? 'dropped (in-flight cap)' : String(status);

const countBy = (labels: readonly string[]): string => {
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts].map(([l, n]) => `${l}: ${n}`).join(', ');
};

/** One Sleeve's budget figures: its waiting slots and the Deezer calls' times, sorted. */
interface Budget {
  slots: number[] | undefined;
  deezerAt: number[];
  perSecond: number;
}

const budgetOf = (result: ZipfResult, run: ZipfRun): Budget => ({
  slots: result.samples && waitingSlots(result.samples),
  deezerAt: result.calls
    .filter((c) => c.upstream === 'deezer')
    .map((c) => c.at)
    .sort((a, b) => a - b),
  perSecond: allowancePerSecond(run.quota),
});

const useIn = (budget: Budget, fromAt: number, toAt: number): BudgetUse | undefined =>
  budget.slots && budgetUse(budget.slots, budget.deezerAt, fromAt, toAt, budget.perSecond);

const useCell = (use: BudgetUse | undefined, detail: 'calls' | 'seconds'): string => {
  if (!use) return '–';
  if (use.seconds === 0) return 'no wait';
  const of = detail === 'calls' ? `${use.calls} calls in ${use.seconds.toFixed(1)} s` : `${use.seconds.toFixed(1)} s`;
  return `${use.percent.toFixed(1)}% (${of})`;
};

/** Prints the section's heading, tables and notes. */
export function report(run: ZipfRun, results: ZipfResult[]): void {
  const { settings, keys, arrivals, skipped, quota } = run;
  const distinct = new Set(arrivals.map((a) => a.path)).size;
  const clients = new Set(arrivals.map((a) => a.client)).size;
  const head = arrivals.filter((a) => a.path === keys[0]).length;
  const perSecond = allowancePerSecond(quota);
  console.log(
    `## Zipf workload: ${arrivals.length} requests in ${settings.seconds} s (${(arrivals.length / settings.seconds).toFixed(1)}/s, Poisson arrivals, open loop)\n`,
  );
  console.log(
    `${clients} clients (distinct X-Forwarded-For addresses, SLEEVE_TRUST_PROXY=1, each within the spec's per-minute limits` +
      `${skipped > 0 ? `; ${skipped} arrivals skipped with every client at its limit` : ''}) ask for ` +
      `${distinct} distinct paths of ${keys.length} keys drawn Zipf(s = ${settings.s}) (the top key ${head} times; seed ${settings.seed}). ` +
      `Each Sleeve is a real server (Node, memory storage, SLEEVE_METRICS=1) on its own replay in quota mode (${quota.limit} calls / sliding ${quota.windowMs / 1000} s); ` +
      `every Sleeve gets the same requests at the same instants (side by side). Request timeout ${settings.timeoutMs / 1000} s, at most ${settings.maxInFlight} in flight per Sleeve; ` +
      (settings.retry !== false
        ? `a client answered 503 with Retry-After of at most ${settings.retryMaxS ?? Infinity} s asks again once, with the same headers, that many seconds later plus 0 to 100 ms (seeded jitter, the same for every Sleeve), and one told to wait longer gives up; `
        : 'clients do not retry (BENCH_ZIPF_RETRY=0); ') +
      `all settled after ${run.elapsed.toFixed(0)} s.\n`,
  );
  console.log(
    'Answered: first answers fresh, stale or 404. Answered in the end: those, plus 503s whose retry was answered. Retries: sent, of which answered and HITs ' +
      '(the promise: the answer is cached by the time Retry-After says), and what the others got. Fresh: a 2xx with X-Cache HIT or MISS (or none), with the count of HITs. ' +
      'p50 and p99: first answers (timeouts are in other). Calls: everything the replay received (Deezer, ReccoBeats, …), retries included. ' +
      `Budget use while clients wait: each Sleeve's /metrics is read every ${EVERY_MS} ms; a budget slot (${SLOT_MS} ms) in which \`sleeve_budget_queued{upstream="deezer"}\` was above 0 is a waiting slot; ` +
      `the figure is the Deezer calls the replay received in waiting slots over their seconds × ${perSecond} (the budget's allowance a second, \`perSlot\`), with those calls and seconds.\n`,
  );
  console.log(
    `| Sleeve | answered | answered in the end | retries | fresh | stale | 404 | 503 | other | p50 ms | p99 ms | upstream calls | calls / answered | Deezer calls | quota bodies | max Deezer calls in ${quota.windowMs / 1000} s | budget use while clients wait |`,
  );
  console.log('|---|---:|---:|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|');
  const budgets = results.map((r) => budgetOf(r, run));
  for (const [i, r] of results.entries())
    row(r.name, r.outcomes, r.calls, useIn(budgets[i]!, -Infinity, Infinity), run);
  const fromMs = settings.warmupSeconds * 1000;
  if (fromMs > 0) {
    results.forEach((r, i) => {
      const fromAt = run.startedAt + fromMs;
      const calls = r.calls.filter((c) => c.at >= fromAt);
      row(
        `${r.name}, from ${settings.warmupSeconds} s`,
        r.outcomes.filter((o) => o.atMs >= fromMs),
        calls,
        useIn(budgets[i]!, fromAt, Infinity),
        run,
      );
    });
  }
  console.log('');
  goals(results, budgets, quota);
  byMinute(run, results, budgets);
  byEndpoint(results);
}

/** What the retries got: "412: 405 answered, 398 HIT; 503: 7". */
function retries(all: readonly Outcome[], retry: boolean): string {
  const eligible = all.filter((o) => o.retryAfterS !== undefined).length;
  const bare = all.filter((o) => o.status === 503 && o.retryAfterS === undefined).length;
  const tail = bare > 0 ? `; ${bare} 503 without Retry-After` : '';
  if (!retry) return `off (${eligible} 503 with Retry-After${tail})`;
  const sent = all.flatMap((o) => (o.retry ? [o.retry] : []));
  const answered = sent.filter(isAnswered);
  const hits = sent.filter((a) => ok(a.status) && a.cache === 'HIT').length;
  const others = countBy(sent.filter((a) => !isAnswered(a)).map((a) => label(a.status)));
  return `${sent.length}: ${answered.length} answered, ${hits} HIT${others ? `; ${others}` : ''}${tail}`;
}

/** One line of the table: outcomes sent in a span and the calls the replay received in it. */
function row(
  name: string,
  all: Outcome[],
  calls: readonly ReplayCall[],
  use: BudgetUse | undefined,
  run: ZipfRun,
): void {
  const stale = all.filter((o) => o.cache === 'STALE' && ok(o.status)).length;
  const fresh = all.filter((o) => ok(o.status) && o.cache !== 'STALE').length;
  const hits = all.filter((o) => ok(o.status) && o.cache === 'HIT').length;
  const notFound = all.filter((o) => o.status === 404).length;
  const unavailable = all.filter((o) => o.status === 503).length;
  const answered = fresh + stale + notFound;
  const other = countBy(all.filter((o) => !isAnswered(o) && o.status !== 503).map((o) => label(o.status))) || '–';
  const times = all
    .filter((o) => o.status > 0)
    .map((o) => o.ms)
    .sort((a, b) => a - b);
  const deezer = calls.filter((c) => c.upstream === 'deezer');
  const quotaBodies = calls.filter((c) => c.body === 'quota').length;
  // Deezer's answers are cached far longer than a run: a call asked again is a call spent twice.
  const seen = new Set<string>();
  const repeated = deezer.filter((c) => seen.size === seen.add(`${c.path}${c.search}`).size).length;
  console.log(
    `| ${name} | ${share(answered, all.length)} | ${share(all.filter(inTheEnd).length, all.length)} | ${retries(all, run.settings.retry !== false)} | ` +
      `${share(fresh, all.length)}, ${hits} HIT | ${share(stale, all.length)} | ${share(notFound, all.length)} | ` +
      `${share(unavailable, all.length)} | ${other} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 99).toFixed(0)} | ` +
      `${calls.length} | ${(calls.length / Math.max(1, answered)).toFixed(3)} | ${deezer.length} (${repeated} asked again) | ${quotaBodies} | ` +
      `${busiestWindow(
        deezer.map((c) => c.at),
        run.quota.windowMs,
      )} | ${useCell(use, 'calls')} |`,
  );
}

const mark = (met: boolean | undefined): string => (met === undefined ? '' : met ? ' ✓' : ' ✗');

/** Issue #43's goals, each Sleeve's whole-run figure beside each. */
function goals(results: ZipfResult[], budgets: Budget[], quota: { limit: number; windowMs: number }): void {
  console.log(`Issues #43's, #52's and #63's goals, over the whole run.\n`);
  console.log(`| goal |${results.map((r) => ` ${r.name} |`).join('')}`);
  console.log(`|---|${results.map(() => '---:|').join('')}`);
  const line = (goal: string, cell: (r: ZipfResult, i: number) => string) =>
    console.log(`| ${goal} |${results.map((r, i) => ` ${cell(r, i)} |`).join('')}`);
  line(`answered at the first ask ≥ ${GOALS.firstAnswers}%`, (r) => {
    const percent = (100 * r.outcomes.filter(isAnswered).length) / Math.max(1, r.outcomes.length);
    return `${percent.toFixed(2)}%${mark(percent >= GOALS.firstAnswers)}`;
  });
  line(`Retry-After p50 / p90 / max (p90 ≤ ${GOALS.retryAfterP90S} s)`, (r) => {
    const seconds = r.outcomes
      .flatMap((o) => (o.retryAfterS === undefined ? [] : [o.retryAfterS]))
      .sort((a, b) => a - b);
    if (seconds.length === 0) return 'none';
    const p90 = percentile(seconds, 90);
    return `${percentile(seconds, 50)} s / ${p90} s / ${seconds.at(-1)} s${mark(p90 <= GOALS.retryAfterP90S)}`;
  });
  // Issue #63: a Retry-After is a promise; a retry at its time not answered is one broken.
  line(`retries answered ≥ ${GOALS.retriesAnswered}% (of retries sent)`, (r) => {
    const sent = r.outcomes.flatMap((o) => (o.retry ? [o.retry] : []));
    if (sent.length === 0) return 'none';
    const answered = sent.filter(isAnswered).length;
    const percent = (100 * answered) / sent.length;
    return `${percent.toFixed(2)}% (${answered} of ${sent.length})${mark(percent >= GOALS.retriesAnswered)}`;
  });
  line('503 without Retry-After (nothing promised, D66)', (r) =>
    String(r.outcomes.filter((o) => o.status === 503 && o.retryAfterS === undefined).length),
  );
  line('Deezer calls', (_, i) => String(budgets[i]!.deezerAt.length));
  // A timeout is no answer but a wait past the goal: counted here with its time, so timing out never flatters the p99.
  line(`first answers' p99 ≤ ${GOALS.p99Ms / 1000} s (timeouts counted)`, (r) => {
    const ms = percentile(
      r.outcomes
        .filter((o) => o.status >= 0)
        .map((o) => o.ms)
        .sort((a, b) => a - b),
      99,
    );
    return `${ms.toFixed(0)} ms${mark(ms <= GOALS.p99Ms)}`;
  });
  line(`answered in the end ≥ ${GOALS.answeredInTheEnd}%`, (r) => {
    const percent = (100 * r.outcomes.filter(inTheEnd).length) / Math.max(1, r.outcomes.length);
    return `${percent.toFixed(2)}%${mark(percent >= GOALS.answeredInTheEnd)}`;
  });
  line(`budget use while clients wait ≥ ${GOALS.budgetUse}%`, (_, i) => {
    const use = useIn(budgets[i]!, -Infinity, Infinity);
    return `${useCell(use, 'calls')}${mark(use && use.seconds > 0 ? use.percent >= GOALS.budgetUse : undefined)}`;
  });
  line(`(the same, by ${EVERY_MS}-ms samples rather than slots)`, (r, i) =>
    useCell(r.samples && bySamples(r.samples, budgets[i]!.deezerAt, budgets[i]!.perSecond), 'calls'),
  );
  line(`max Deezer calls in ${quota.windowMs / 1000} s ≤ ${quota.limit}`, (_, i) => {
    const max = busiestWindow(budgets[i]!.deezerAt, quota.windowMs);
    return `${max}${mark(max <= quota.limit)}`;
  });
  console.log('');
  console.log(`${results.map((r) => `${r.name}: ${sampling(r.samples)}`).join('; ')}.`);
  const afters = results.map((r) => {
    const seconds = r.outcomes
      .flatMap((o) => (o.retryAfterS === undefined ? [] : [o.retryAfterS]))
      .sort((a, b) => a - b);
    return `${r.name}: ${countBy(seconds.map((n) => `${n} s`)) || 'none'}`;
  });
  console.log(`Retry-After of the first answers' 503s: ${afters.join('; ')}.\n`);
}

/** How the /metrics sampling went: samples, and the ticks lost to slow scrapes. */
function sampling(samples: readonly QueueSample[] | undefined): string {
  if (!samples) return 'no `sleeve_budget_queued` in its /metrics';
  const first = samples[0]?.at ?? 0;
  const span = ((samples.at(-1)?.at ?? first) - first) / 1000;
  const late = samples.filter((s, i) => i > 0 && s.at - samples[i - 1]!.at > 1.5 * EVERY_MS).length;
  const waiting = samples.filter((s) => s.queued > 0);
  const peak = Math.max(0, ...samples.map((s) => s.queued));
  return `${samples.length} /metrics samples over ${span.toFixed(1)} s (gaps over ${1.5 * EVERY_MS} ms: ${late}), ${waiting.length} with calls queued (at most ${peak})`;
}

/** The run minute by minute: the cache starts cold, so the first minutes' new keys need more calls than the budget's 8 a second. */
function byMinute(run: ZipfRun, results: ZipfResult[], budgets: Budget[]): void {
  const { arrivals } = run;
  const minutes = Math.ceil((arrivals.at(-1)?.atMs ?? 0) / 60_000);
  const seen = new Set<string>();
  const fresh = new Array<number>(minutes).fill(0);
  for (const a of arrivals) {
    if (!seen.has(a.path)) fresh[Math.floor(a.atMs / 60_000)]! += 1;
    seen.add(a.path);
  }
  console.log(
    "By minute of the run: requests, of which for a path not asked before (cold everywhere), then each Sleeve's shares answered first and in the end, 503s and p99 ms " +
      'of the requests sent that minute, and its budget use while clients waited that minute (the last minute runs on until every retry settled), with the seconds of its waiting slots.\n',
  );
  console.log(
    `| minute | requests | new paths |${results.map((r) => ` ${r.name}: answered | in the end | 503 | p99 ms | budget use |`).join('')}`,
  );
  console.log(`|---:|---:|---:|${results.map(() => '---:|---:|---:|---:|---:|').join('')}`);
  for (let m = 0; m < minutes; m++) {
    const inMinute = (o: { atMs: number }) => Math.floor(o.atMs / 60_000) === m;
    const fromAt = run.startedAt + m * 60_000;
    const toAt = m === minutes - 1 ? Infinity : fromAt + 60_000;
    const cells = results.map((r, i) => {
      const all = r.outcomes.filter(inMinute);
      const percent = (n: number) => `${((100 * n) / Math.max(1, all.length)).toFixed(1)}%`;
      const use = useCell(useIn(budgets[i]!, fromAt, toAt), 'seconds');
      return ` ${percent(all.filter(isAnswered).length)} | ${percent(all.filter(inTheEnd).length)} | ${all.filter((o) => o.status === 503).length} | ${p99(all).toFixed(0)} | ${use} |`;
    });
    console.log(`| ${m + 1} | ${arrivals.filter(inMinute).length} | ${fresh[m]} |${cells.join('')}`);
  }
  console.log('');
}

/** 503s by endpoint: which answers the budget could not give within its bound (those needing more calls wait more turns), and whether their retries found them cached. */
function byEndpoint(results: ZipfResult[]): void {
  // Every arrival has one outcome on every Sleeve: the first Sleeve's count the requests.
  const requests = results[0]?.outcomes ?? [];
  const endpoints = [...new Set(requests.map((o) => o.endpoint))].sort();
  console.log("By endpoint: requests, then each Sleeve's 503s, retries (of which HITs) and first answers' p99 ms.\n");
  console.log(`| endpoint | requests |${results.map((r) => ` ${r.name}: 503 | retries (HIT) | p99 ms |`).join('')}`);
  console.log(`|---|---:|${results.map(() => '---:|---:|---:|').join('')}`);
  for (const endpoint of endpoints) {
    const cells = results.map((r) => {
      const all = r.outcomes.filter((o) => o.endpoint === endpoint);
      const sent = all.flatMap((o) => (o.retry ? [o.retry] : []));
      const hits = sent.filter((a) => ok(a.status) && a.cache === 'HIT').length;
      return ` ${all.filter((o) => o.status === 503).length} | ${sent.length} (${hits}) | ${p99(all).toFixed(0)} |`;
    });
    console.log(`| \`${endpoint}\` | ${requests.filter((o) => o.endpoint === endpoint).length} |${cells.join('')}`);
  }
  console.log('');
}
