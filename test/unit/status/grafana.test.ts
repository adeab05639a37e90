/**
 * Issue #54: `examples/grafana/`'s dashboard and alerting rules query only series `/metrics`
 * serves, with labels those series carry. The series are read from a live Sleeve whose upstream
 * fails (a stubbed fetch, no socket), so the upstream, circuit, budget and deferred answers' (`sleeve_completions_*`) series all
 * exist, with the process memory an adapter gives.
 */
import { describe, expect, it } from 'vitest';
import { createSleeve, type SleeveOptions } from '../../../core/index.ts';
import {
  dashboardExprs,
  dashboardText,
  familiesOf,
  panelsOf,
  readDashboard,
  readRules,
  samplesOf,
  seriesOf,
} from '../../helpers/status/dashboard.ts';

const quiet = { info: () => {}, error: () => {} };
/** Labels Prometheus adds to every scraped series, and those the queries make themselves. */
const ADDED = new Set(['instance', 'job', 'le', 'family']);

const ruleExprs = (): string[] => readRules().map((rule) => rule.expr);

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
      const names = seriesOf(expr);
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
      'sleeve_upstream_refused_total',
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
    const alerts = readRules();
    expect(alerts.map((rule) => rule.alert)).toEqual([
      'SleeveBudgetSaturated',
      'SleeveCircuitOpen',
      'SleeveServerErrors',
      'SleeveMemoryNearBound',
      'SleeveDrainStuck',
    ]);
    for (const rule of alerts) expect(rule.for, rule.alert).toMatch(/^\d+m$/);
  });

  it('provisions from a file: the data source is a variable, no import input is left to fill', () => {
    const dashboard = readDashboard();
    // A provisioned file is read as it is: an import's `${DS_…}` would stay a data source nobody has.
    expect(dashboardText()).not.toMatch(/\$\{DS_/);
    const source = dashboard.templating.list.find((variable) => variable.type === 'datasource');
    expect(source).toMatchObject({ name: 'datasource', query: 'prometheus' });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable, written as Grafana reads it.
    const bySource = { type: 'prometheus', uid: '${datasource}' };
    for (const variable of dashboard.templating.list.filter((v) => v.type === 'query'))
      expect(variable.datasource, variable.name).toEqual(bySource);
    for (const panel of panelsOf(dashboard).filter((p) => p.type !== 'row')) {
      expect(panel.datasource, panel.title).toEqual(bySource);
      for (const target of panel.targets ?? []) expect(target.datasource, panel.title).toEqual(bySource);
    }
  });

  it('says the Grafana its schema version is (39: Grafana 10.4 and 11.0)', () => {
    const dashboard = readDashboard();
    const grafanaOf: Record<number, string[]> = { 39: ['10.4', '11.0'] };
    const required = dashboard.__requires.find((r) => r.type === 'grafana')!.version;
    expect(grafanaOf[dashboard.schemaVersion], `schemaVersion ${dashboard.schemaVersion}`).toContain(
      required.split('.').slice(0, 2).join('.'),
    );
  });

  it("puts each panel's field config where Grafana reads it: a time series' stacking under fieldConfig.defaults.custom", () => {
    const panels = panelsOf(readDashboard());
    for (const panel of panels) expect(panel.options?.stacking, panel.title).toBeUndefined();
    const stacked = panels.filter((p) => p.fieldConfig?.defaults.custom?.stacking !== undefined);
    expect(stacked.map((p) => [p.type, p.title, p.fieldConfig!.defaults.custom!.stacking])).toEqual([
      ['timeseries', 'Hit, miss and stale shares', { mode: 'normal', group: 'A' }],
    ]);
    // The last failure reads as a time ago, and 0 (none yet) as "never", not as 1970.
    const last = panels.find((p) => p.title === 'Last failure')!;
    expect(last.targets![0]!.expr).toMatch(/sleeve_upstream_last_failure_seconds\{[^}]*\}\) \* 1000$/);
    expect(last.fieldConfig!.defaults).toMatchObject({
      unit: 'dateTimeFromNow',
      mappings: [{ type: 'value', options: { 0: { text: 'never' } } }],
    });
  });

  /**
   * A fresh instance's /metrics after one scrape (Prometheus scrapes from start-up; the first
   * scrape's own request makes the request series): every series a panel or rule reads has
   * samples, zeros where nothing happened, for every configured upstream (demo mode has none)
   * and every cached endpoint.
   */
  for (const mode of ['live', 'demo'] as const)
    it(`finds every series a panel or rule reads in a fresh ${mode} instance's /metrics`, async () => {
      const sleeve = createSleeve({
        mode,
        log: quiet,
        metrics: true,
        fetch: () => Promise.reject(new Error('a fresh instance calls no upstream')),
        processMemory: () => ({ residentBytes: 1, heapUsedBytes: 1, heapLimitBytes: 2 }),
      } satisfies SleeveOptions);
      const scrape = async () =>
        (await sleeve.fetch(new Request('http://sleeve.test/metrics'), { clientIp: '203.0.113.1' })).text();
      await scrape();
      const text = await scrape();
      await sleeve.close();
      const samples = samplesOf(text);
      const sampled = new Set(samples.map((s) => s.name));
      const families = familiesOf(text);
      const upstreams = samples.filter((s) => s.name === 'sleeve_circuit_open').map((s) => s.labels.upstream!);
      if (mode === 'live') expect(upstreams).toEqual(expect.arrayContaining(['deezer', 'reccobeats', 'lrclib']));
      else expect(upstreams).toEqual([]);
      for (const name of new Set([...dashboardExprs(), ...ruleExprs()].flatMap(seriesOf))) {
        expect(families, name).toContain(name.replace(/_bucket$/, ''));
        const byUpstream = /^sleeve_(upstream|budget|circuit)_/.test(name);
        if (!byUpstream || mode === 'live') expect(sampled, `${name} has no sample in ${mode} mode`).toContain(name);
      }
      // Every configured upstream's figures, at zero: each result, each refusal, and no failure yet.
      for (const upstream of upstreams) {
        const own = samples.filter((s) => s.labels.upstream === upstream && s.name.startsWith('sleeve_upstream_'));
        expect(own.map((s) => `${s.name} ${s.labels.result ?? s.labels.by ?? ''} ${s.value}`).sort(), upstream).toEqual(
          [
            'sleeve_upstream_last_failure_seconds  0',
            'sleeve_upstream_refused_total budget 0',
            'sleeve_upstream_refused_total circuit 0',
            'sleeve_upstream_results_total bad_answer 0',
            'sleeve_upstream_results_total cancelled 0',
            'sleeve_upstream_results_total http_4xx 0',
            'sleeve_upstream_results_total http_5xx 0',
            'sleeve_upstream_results_total ok 0',
            'sleeve_upstream_results_total timeout 0',
            'sleeve_upstream_results_total unreachable 0',
          ],
        );
      }
    });
});
