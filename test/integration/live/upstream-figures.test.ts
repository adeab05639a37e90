/**
 * Issue #62: every upstream figure counts what happened. Over the replay in quota mode, a cold
 * burst that Deezer's budget mostly refuses: `/metrics`, the status feed and the Grafana
 * dashboard's panels each count the requests the replay received as the calls sent, all
 * answered, and the budget's refusals apart (a refusal once read as an answered call: 326 "ok"
 * results for 32 calls sent).
 */
import { describe, expect, it } from 'vitest';
import type { StatusFeed } from '../../../core/status/feed.ts';
import { liveOnReplay } from '../../helpers/live/live.ts';
import { evaluate, panelsOf, readDashboard, samplesOf, type Sample } from '../../helpers/status/dashboard.ts';
import { QUOTA } from '../../helpers/live/budget-checks.ts';
import { UA } from '../../helpers/user-agent.ts';

const BURST = 80;

const { replay, sleeve } = liveOnReplay({ quota: QUOTA }, { rateLimits: 'off', metrics: true, status: true });

const get = async (path: string): Promise<Response> =>
  await sleeve.fetch(new Request(`http://sleeve.test${path}`, { headers: { 'user-agent': UA } }), {
    clientIp: '203.0.113.9',
  });

const feed = async (): Promise<StatusFeed> => (await (await get('/status/feed')).json()) as StatusFeed;

/** Waits until the answers the 503s promised are made and nothing more reaches the replay. */
async function settled(): Promise<void> {
  let seen = -1;
  for (let polls = 0; polls < 240; polls++) {
    const now = await feed();
    const queued = now.upstreams.reduce((sum, u) => sum + (u.queued ?? 0), 0);
    if ((now.completions?.running ?? 0) === 0 && queued === 0 && replay.calls.length === seen) return;
    seen = replay.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the deferred answers did not settle within 60 s');
}

const value = (samples: readonly Sample[], name: string, labels: Record<string, string>): number | undefined =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('upstream figures over the replay (issue #62)', () => {
  it('a cold burst the budget mostly refuses: calls sent are what the replay received, refusals counted apart', async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => get(`/search/artist?query=figures${i}qz`).then((r) => r.status)),
    );
    const refusedAnswers = answers.filter((status) => status === 503).length;
    expect(refusedAnswers, `statuses ${answers.join(',')}`).toBeGreaterThan(BURST / 2);
    await settled();

    // The searches call Deezer alone; the feed's polls run /healthz's check (D64), whose shared
    // probes also reach ReccoBeats: counted under its own name, as the totals below check.
    const received = replay.calls.filter((c) => c.upstream === 'deezer').length;
    const others = replay.calls.length - received;
    expect(new Set(replay.calls.map((c) => c.upstream))).toEqual(
      new Set(['deezer', ...(others > 0 ? ['reccobeats'] : [])]),
    );
    expect(replay.calls.filter((c) => c.body === 'quota')).toEqual([]);
    const samples = samplesOf(await (await get('/metrics')).text());
    const taken = value(samples, 'sleeve_budget_taken_total', { upstream: 'deezer' })!;
    const budgetRefused = value(samples, 'sleeve_budget_refused_total', { upstream: 'deezer' })!;
    console.log(
      `[figures] burst of ${BURST}: ${refusedAnswers} answered 503, ${received} calls received by the replay, budget took ${taken}, refused ${budgetRefused}`,
    );

    // /metrics: every request sent is one the replay received, each answered; the refusals apart.
    // A machine too busy to answer in time makes timeouts (sent, and perhaps given up before the
    // replay read them): then the replay received between the answered and all those sent.
    const results = samples.filter((s) => s.name === 'sleeve_upstream_results_total' && s.labels.upstream === 'deezer');
    const byResult = Object.fromEntries(results.map((s) => [s.labels.result!, s.value]));
    const { ok, timeout } = byResult as { ok: number; timeout: number };
    console.log(`[figures] results ${JSON.stringify(byResult)}`);
    expect({ ...byResult, ok: 0, timeout: 0 }).toEqual({
      ok: 0,
      http_4xx: 0,
      http_5xx: 0,
      timeout: 0,
      unreachable: 0,
      bad_answer: 0,
      cancelled: 0,
    });
    const sent = ok + timeout;
    // Each request sent had its budget turn (a retry's turn may find its call's time spent, and go unused).
    if (timeout === 0) expect([sent, taken]).toEqual([received, received]);
    expect(ok).toBeLessThanOrEqual(received);
    expect(received).toBeLessThanOrEqual(sent);
    expect(sent).toBeLessThanOrEqual(taken);
    const sentAll = samples
      .filter((s) => s.name === 'sleeve_upstream_results_total')
      .reduce((sum, s) => sum + s.value, 0);
    expect(sentAll).toBe(sent + others);
    const hosts = samples.filter((s) => s.name === 'sleeve_upstream_calls_total');
    expect(hosts.reduce((sum, s) => sum + s.value, 0)).toBe(sent + others);
    expect(value(samples, 'sleeve_upstream_refused_total', { upstream: 'deezer', by: 'budget' })).toBe(budgetRefused);
    expect(budgetRefused).toBeGreaterThanOrEqual(refusedAnswers);
    expect(value(samples, 'sleeve_upstream_refused_total', { upstream: 'deezer', by: 'circuit' })).toBe(0);

    // The status feed: the same counts.
    const deezer = (await feed()).upstreams.find((u) => u.name === 'deezer')!;
    expect(deezer.results).toEqual(byResult);
    expect(deezer.refused).toEqual({ budget: budgetRefused, circuit: 0 });

    // The dashboard's panels, their rates read as the counts they are taken of.
    const panels = panelsOf(readDashboard());
    const calls = panels.find((p) => p.title.startsWith('Requests sent'))!;
    const [sentPanel, refused] = calls.targets!.map((target) => evaluate(target.expr, samples));
    expect(sentPanel!.get('deezer')).toBe(sent);
    expect(refused!.get('deezer budget')).toBe(budgetRefused);
    expect(refused!.get('deezer circuit')).toBe(0);
    const failureRate = panels.find((p) => p.title === 'Failure rate')!;
    expect(evaluate(failureRate.targets![0]!.expr, samples).get('deezer')).toBe(timeout / sent);
    const budget = panels.find((p) => p.title === 'Calls a second against the allowance')!;
    const [budgetTaken, , budgetRefusedPanel] = budget.targets!.map((target) =>
      target.expr.startsWith('sum') ? evaluate(target.expr, samples) : new Map(),
    );
    expect(budgetTaken!.get('deezer')).toBe(taken);
    expect(budgetRefusedPanel!.get('deezer')).toBe(budgetRefused);
  });
});
