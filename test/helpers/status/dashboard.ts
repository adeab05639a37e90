/**
 * @module
 * `examples/grafana/`'s dashboard and rules as the tests read them, `/metrics`' text as samples,
 * and a panel's query evaluated where it is a plain sum of counters (`sum by (…) (rate(name{…}[w]))`,
 * or one such sum over another): the rate read as the count it is taken of since start, so a test
 * can hold a panel's figures to what happened. `promtool` and Grafana do not run here.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const DIR = new URL('../../../examples/grafana/', import.meta.url);

interface Target {
  expr: string;
  legendFormat?: string;
  datasource?: unknown;
}

export interface Panel {
  type: string;
  title: string;
  datasource?: unknown;
  targets?: Target[];
  panels?: Panel[];
  options?: Record<string, unknown>;
  fieldConfig?: { defaults: { custom?: Record<string, unknown>; [key: string]: unknown } };
}

export interface Dashboard {
  __inputs?: unknown[];
  __requires: { type: string; id: string; version: string }[];
  schemaVersion: number;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: string | { query: string }; datasource?: unknown }[] };
}

export const dashboardText = (): string => readFileSync(new URL('dashboard.json', DIR), 'utf8');
export const readDashboard = (): Dashboard => JSON.parse(dashboardText()) as Dashboard;

/** Every panel, rows' own panels included. */
export function panelsOf(dashboard: Dashboard): Panel[] {
  const all: Panel[] = [];
  const walk = (panels: Panel[]) => {
    for (const panel of panels) {
      all.push(panel);
      walk(panel.panels ?? []);
    }
  };
  walk(dashboard.panels);
  return all;
}

/** The queries of the dashboard: its variables' and its panels'. */
export function dashboardExprs(dashboard: Dashboard = readDashboard()): string[] {
  const exprs = dashboard.templating.list.flatMap((variable) =>
    variable.type === 'query' && typeof variable.query === 'object' ? [variable.query.query] : [],
  );
  for (const panel of panelsOf(dashboard)) for (const target of panel.targets ?? []) exprs.push(target.expr);
  return exprs;
}

export interface Rule {
  alert: string;
  expr: string;
  for: string;
}

export function readRules(): Rule[] {
  const rules = parse(readFileSync(new URL('alerts.yml', DIR), 'utf8')) as { groups: { rules: Rule[] }[] };
  return rules.groups.flatMap((group) => group.rules);
}

/** The series names a query reads. */
export const seriesOf = (expr: string): string[] =>
  [...expr.matchAll(/\b((?:sleeve|process)_[a-z_]+)\b/g)].map((match) => match[1]!);

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** `/metrics`' text as samples (label values with no escaped quote in them, as Sleeve's are). */
export function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="([^"]*)"/g))
      labels[name!] = value!;
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  return samples;
}

/** The families `/metrics` declares (`# TYPE` lines), with or without samples. */
export const familiesOf = (text: string): Set<string> =>
  new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!));

const SUM = /^sum by \(([^)]*)\) \(rate\(([a-z_]+)\{([^}]*)\}\[\w+\]\)\)(?: \* 60)?$/;

/** Whether a sample's labels pass a selector's matchers (`instance`, which Prometheus adds, is not Sleeve's). */
function matches(labels: Record<string, string>, matchers: string): boolean {
  for (const [, label, op, value] of matchers.matchAll(/([a-zA-Z_]+)\s*(=~|!=|!~|=)\s*"([^"]*)"/g)) {
    if (label === 'instance') continue;
    const got = labels[label!] ?? '';
    const whole = new RegExp(`^(?:${value})$`);
    const ok =
      op === '=' ? got === value : op === '!=' ? got !== value : op === '=~' ? whole.test(got) : !whole.test(got);
    if (!ok) return false;
  }
  return true;
}

/** One `sum by (…) (rate(…))` as the counts it is a rate of, keyed by its `by` labels' values joined with spaces. */
function counterSum(expr: string, samples: readonly Sample[]): Map<string, number> {
  const sum = SUM.exec(expr.trim());
  if (!sum) throw new Error(`not a plain counter sum: ${expr}`);
  const by = sum[1]!.split(',').map((label) => label.trim());
  const out = new Map<string, number>();
  for (const sample of samples) {
    if (sample.name !== sum[2] || !matches(sample.labels, sum[3]!)) continue;
    const key = by.map((label) => sample.labels[label] ?? '').join(' ');
    out.set(key, (out.get(key) ?? 0) + sample.value);
  }
  return out;
}

/**
 * A panel's query over counters since start: a plain sum gives counts; one sum over another
 * gives their ratio (NaN where the second is 0), as `rate` would over a window holding them all.
 */
export function evaluate(expr: string, samples: readonly Sample[]): Map<string, number> {
  const parts = expr.split(' / ');
  if (parts.length === 1) return counterSum(expr, samples);
  if (parts.length !== 2) throw new Error(`not a plain counter sum or ratio: ${expr}`);
  const [top, bottom] = parts.map((part) => counterSum(part, samples)) as [Map<string, number>, Map<string, number>];
  return new Map([...bottom].map(([key, value]) => [key, (top.get(key) ?? 0) / value]));
}
