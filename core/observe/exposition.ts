/**
 * @module
 * The Prometheus text exposition format (version 0.0.4), the little of it /metrics needs:
 * HELP and TYPE lines, samples with escaped label values, and numbers as Prometheus writes
 * them. Written here rather than taken from prom-client, which is Node-only: Sleeve's core
 * must run on Bun, Deno and edge runtimes too.
 */

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** A label value inside its double quotes: backslash, double quote and line feed escaped. */
export function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** A sample's value: `+Inf`, `-Inf` and `NaN` spelled as Prometheus reads them. */
function formatValue(value: number): string {
  if (Number.isFinite(value)) return String(value);
  return Number.isNaN(value) ? 'NaN' : value > 0 ? '+Inf' : '-Inf';
}

export type Labels = Readonly<Record<string, string>>;

/** `{a="x",b="y"}`, or nothing without labels. */
export function labelSet(labels: Labels): string {
  const pairs = Object.entries(labels).map(([name, value]) => `${name}="${escapeLabel(value)}"`);
  return pairs.length === 0 ? '' : `{${pairs.join(',')}}`;
}

/** Collects one metric family after another into the exposition text. */
export class Exposition {
  #lines: string[] = [];

  /** Starts a family: its HELP (backslash and line feed escaped) and TYPE lines. */
  family(name: string, type: 'counter' | 'gauge' | 'histogram', help: string): this {
    this.#lines.push(`# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${name} ${type}`);
    return this;
  }

  sample(name: string, labels: Labels, value: number): this {
    this.#lines.push(`${name}${labelSet(labels)} ${formatValue(value)}`);
    return this;
  }

  /**
   * One histogram's series: cumulative `_bucket`s up to `le="+Inf"` (which equals `_count`),
   * then `_sum` and `_count`. `counts[i]` holds the observations in bucket i alone, the last
   * one being those above every bound.
   */
  histogram(name: string, labels: Labels, bounds: readonly number[], counts: readonly number[], sum: number): this {
    let cumulative = 0;
    for (let i = 0; i <= bounds.length; i++) {
      cumulative += counts[i] ?? 0;
      this.sample(
        `${name}_bucket`,
        { ...labels, le: formatValue(i < bounds.length ? bounds[i]! : Infinity) },
        cumulative,
      );
    }
    this.sample(`${name}_sum`, labels, sum);
    return this.sample(`${name}_count`, labels, cumulative);
  }

  /** The text, ending with a line feed as the format wants. */
  text(): string {
    return `${this.#lines.join('\n')}\n`;
  }
}
