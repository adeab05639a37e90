/**
 * @module
 * The figures table the issue asks for: per runtime and concern, requests sent, statuses
 * seen, worst latency, the server's RSS before, at its peak and after, and faults survived.
 * Each test file prints its own rows when it ends; under `npm run test:reliability` the rows
 * are also appended to the file named by `RELIABILITY_FIGURES` (set by the config's global
 * setup), which prints them all together once the run is over.
 */
import { appendFileSync } from 'node:fs';
import { mb } from './_server.ts';

export interface Figures {
  runtime: string;
  concern: string;
  requests: number;
  /** `200`, `404`, `hang`, `dropped`, ... → count. */
  statuses: Record<string, number>;
  worstMs: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
  /** `survived/injected`, or empty when the concern injects none. */
  faults: string;
}

export class Tally {
  requests = 0;
  statuses: Record<string, number> = {};
  worstMs = 0;
  rssBefore: number = Number.NaN;
  rssPeak: number = Number.NaN;
  rssAfter: number = Number.NaN;
  faultsInjected = 0;
  faultsSurvived = 0;

  count(key: string | number, ms: number): void {
    this.requests++;
    const k = String(key);
    this.statuses[k] = (this.statuses[k] ?? 0) + 1;
    if (ms > this.worstMs) this.worstMs = ms;
  }

  rss(bytes: number): void {
    if (!Number.isFinite(bytes)) return;
    if (!Number.isFinite(this.rssBefore)) this.rssBefore = bytes;
    if (!(bytes <= this.rssPeak)) this.rssPeak = bytes;
    this.rssAfter = bytes;
  }

  fault(survived: boolean): void {
    this.faultsInjected++;
    if (survived) this.faultsSurvived++;
  }

  figures(runtime: string, concern: string): Figures {
    return {
      runtime,
      concern,
      requests: this.requests,
      statuses: { ...this.statuses },
      worstMs: this.worstMs,
      rssBefore: this.rssBefore,
      rssPeak: this.rssPeak,
      rssAfter: this.rssAfter,
      faults: this.faultsInjected ? `${this.faultsSurvived}/${this.faultsInjected}` : '',
    };
  }
}

const rows: Figures[] = [];

export function record(figures: Figures): void {
  rows.push(figures);
  const file = process.env.RELIABILITY_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify(figures)}\n`);
}

export function recorded(): readonly Figures[] {
  return rows;
}

function statusText(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .sort(([a], [b]) => (/^\d/.test(a) && /^\d/.test(b) ? Number(a) - Number(b) : a.localeCompare(b)))
    .map(([k, n]) => `${k}×${n}`)
    .join(' ');
}

export function table(list: readonly Figures[], title = 'reliability figures'): string {
  const header = [
    'runtime',
    'concern',
    'requests',
    'worst ms',
    'RSS before',
    'RSS peak',
    'RSS after',
    'faults',
    'statuses',
  ];
  const body = list.map((f) => [
    f.runtime,
    f.concern,
    String(f.requests),
    String(Math.round(f.worstMs)),
    mb(f.rssBefore),
    mb(f.rssPeak),
    mb(f.rssAfter),
    f.faults || '-',
    statusText(f.statuses),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((r) => (i === header.length - 1 ? 0 : r[i]!.length))),
  );
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join(' | ');
  return [`\n== ${title} ==`, line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

export function printTable(list: readonly Figures[] = rows, title?: string): void {
  if (list.length > 0) console.log(table(list, title));
}
