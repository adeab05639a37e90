/**
 * Issue #54: `examples/grafana/`'s dashboard and alerting rules query only series `/metrics`
 * serves, with labels those series carry. The series are read from a live Sleeve whose upstream
 * fails (a stubbed fetch, no socket), so the upstream, circuit, budget and completion series all
 * exist, with the process memory an adapter gives.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createSleeve } from '../../core/index.ts';

const DIR = new URL('../../examples/grafana/', import.meta.url);
const quiet = { info: () => {}, error: () => {} };
/** Labels Prometheus adds to every scraped series, and those the queries make themselves. */
const ADDED = new Set(['instance', 'job', 'le', 'family']);

interface Panel {
  title: string;
  targets?: { expr: string }[];
  panels?: Panel[];
}

function dashboardExprs(): string[] {
  const dashboard = JSON.parse(readFileSync(new URL('dashboard.json', DIR), 'utf8')) as {
    panels: Panel[];
    templating: { list: { query: { query: string } }[] };
  };
  const exprs: string[] = dashboard.templating.list.map((variable) => variable.query.query);
  const walk = (panels: Panel[]) => {
    for (const panel of panels) {
      for (const target of panel.targets ?? []) exprs.push(target.expr);
      walk(panel.panels ?? []);
    }
  };
  walk(dashboard.panels);
  return exprs;
}

function ruleExprs(): string[] {
  const rules = parse(readFileSync(new URL('alerts.yml', DIR), 'utf8')) as {
    groups: { rules: { alert: string; expr: string; for: string }[] }[];
  };
  return rules.groups.flatMap((group) => group.rules.map((rule) => rule.expr));
}

/** Each series /metrics serves, by name (histograms by their `_bucket`, `_sum`, `_count`), with its label names. */
async function servedSeries(): Promise<Map<string, Set<string>>> {
  const sleeve = createSleeve({
    mode: 'live',
    log: quiet,
    metrics: true,
    rateLimits: 'off',
    // Empty listings, except for the query `fail`, which the upstream answers with a 500.
    fetch: async (input) =>
      String(input).includes('fail')
        ? new Response('<html>down</html>', { status: 500 })
        : Response.json({ data: [], total: 0 }),
    processMemory: () => ({ residentBytes: 1, heapUsedBytes: 1, heapLimitBytes: 2 }),
  });
  const headers = { 'User-Agent': 'grafana-test/1.0 (grafana@example.com)' };
  for (const path of ['/search/all?query=love', '/search/all?query=love', '/search/all?query=fail', '/healthz', '/no'])
    await sleeve.fetch(new Request(`http://sleeve.test${path}`, { headers }), { clientIp: '203.0.113.1' });
  const text = await (
    await sleeve.fetch(new Request('http://sleeve.test/metrics'), { clientIp: '203.0.113.1' })
  ).text();
  await sleeve.close();
  const series = new Map<string, Set<string>>();
  for (const line of text.split('\n')) {
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? /.exec(line);
    if (!sample) continue;
    const labels = series.get(sample[1]!) ?? new Set<string>();
    for (const [, name] of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="/g)) labels.add(name!);
    series.set(sample[1]!, labels);
  }
  return series;
}

describe('examples/grafana', () => {
  it('queries only series /metrics serves, by labels they carry', async () => {
    const served = await servedSeries();
    const exprs = [...dashboardExprs(), ...ruleExprs()];
    expect(exprs.length).toBeGreaterThan(25);
    const asked = new Set<string>();
    for (const expr of exprs) {
      const names = [...expr.matchAll(/\b((?:sleeve|process)_[a-z_]+)\b/g)].map((m) => m[1]!);
      expect(names.length, expr).toBeGreaterThan(0);
      for (const name of names) {
        asked.add(name);
        expect(served.has(name), `${name} (in ${expr}) is not served by /metrics`).toBe(true);
      }
      // Labels matched on a series, and labels an aggregation keeps, are the series' own.
      const labelsOf = new Set(names.flatMap((name) => [...served.get(name)!]));
      for (const [, matchers] of expr.matchAll(/(?:sleeve|process)_[a-z_]+\{([^}]*)\}/g))
        for (const [, label] of matchers!.matchAll(/([a-zA-Z_]+)\s*(?:=~|!=|!~|=)/g))
          if (!ADDED.has(label!)) expect(labelsOf.has(label!), `${label} in ${expr}`).toBe(true);
      for (const [, kept] of expr.matchAll(/\b(?:by|ignoring)\s*\(([^)]*)\)/g))
        for (const label of kept!.split(',').map((l) => l.trim()))
          if (!ADDED.has(label)) expect(labelsOf.has(label), `${label} in ${expr}`).toBe(true);
    }
    // Every panel the page has is in the dashboard: upstreams, budget, cache, requests, memory, the instance.
    for (const name of [
      'sleeve_circuit_open',
      'sleeve_upstream_results_total',
      'sleeve_upstream_last_failure_seconds',
      'sleeve_budget_taken_total',
      'sleeve_budget_allowance_per_second',
      'sleeve_budget_queued',
      'sleeve_completions_running',
      'sleeve_completions_dropped_total',
      'sleeve_retry_after_seconds',
      'sleeve_cache_total',
      'sleeve_cache_bytes',
      'sleeve_cache_limit_bytes',
      'sleeve_cache_entries',
      'sleeve_request_duration_seconds_bucket',
      'sleeve_requests_total',
      'process_resident_memory_bytes',
      'sleeve_heap_used_bytes',
      'sleeve_heap_limit_bytes',
      'sleeve_info',
      'sleeve_draining',
    ])
      expect(asked, name).toContain(name);
  });

  it('has the alerts an operator expects, each held for a while before it fires', () => {
    const rules = parse(readFileSync(new URL('alerts.yml', DIR), 'utf8')) as {
      groups: { rules: { alert: string; expr: string; for: string }[] }[];
    };
    const alerts = rules.groups.flatMap((group) => group.rules);
    expect(alerts.map((rule) => rule.alert)).toEqual([
      'SleeveBudgetSaturated',
      'SleeveCircuitOpen',
      'SleeveServerErrors',
      'SleeveMemoryNearBound',
      'SleeveDrainStuck',
    ]);
    for (const rule of alerts) expect(rule.for, rule.alert).toMatch(/^\d+m$/);
  });
});
