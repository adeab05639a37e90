/**
 * @module
 * Bounded work: `count` tasks, at most `concurrency` at once, and none started after
 * `budgetMs` (each task bounds itself with its own deadline). Answers how many ran.
 */

export async function pool(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
  budgetMs: number = Number.POSITIVE_INFINITY,
): Promise<number> {
  const stopAt = performance.now() + budgetMs;
  let next = 0;
  let ran = 0;
  const worker = async () => {
    while (next < count && performance.now() < stopAt) {
      const index = next++;
      await task(index);
      ran++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return ran;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

import { appendFileSync } from 'node:fs';

/** Groups failure lines by category and prints at most `perCategory` examples of each. */
export class Failures {
  /** Named in the dump (`RELIABILITY_DUMP`), e.g. the runtime. */
  private readonly where: string;

  constructor(where = '') {
    this.where = where;
  }

  private readonly byCategory = new Map<
    string,
    { count: number; examples: string[]; groups: Map<string, { count: number; tags: Map<string, number> }> }
  >();

  /**
   * One failure. `group` (e.g. the violation without its details) and `tags` (features of the
   * request) are summed, so the report says which features the failures of a group share.
   */
  add(category: string, example: string, group?: string, tags: readonly string[] = [], perCategory = 6): void {
    let entry = this.byCategory.get(category);
    if (!entry) this.byCategory.set(category, (entry = { count: 0, examples: [], groups: new Map() }));
    entry.count++;
    if (entry.examples.length < perCategory) entry.examples.push(example);
    // Every failure, not only the examples printed: `RELIABILITY_DUMP=/tmp/failures.txt`.
    if (process.env.RELIABILITY_DUMP)
      appendFileSync(process.env.RELIABILITY_DUMP, `${this.where ? `${this.where} ` : ''}[${category}] ${example}\n\n`);
    if (group !== undefined) {
      let g = entry.groups.get(group);
      if (!g) entry.groups.set(group, (g = { count: 0, tags: new Map() }));
      g.count++;
      for (const tag of tags) g.tags.set(tag, (g.tags.get(tag) ?? 0) + 1);
    }
  }

  get total(): number {
    let n = 0;
    for (const { count } of this.byCategory.values()) n += count;
    return n;
  }

  counts(): Record<string, number> {
    return Object.fromEntries([...this.byCategory].map(([k, v]) => [k, v.count]));
  }

  report(title: string): string {
    if (this.total === 0) return '';
    const parts = [`${title}: ${this.total} failure(s)`];
    for (const [category, { count, examples, groups }] of this.byCategory) {
      parts.push(`  [${category}] × ${count}`);
      for (const [group, g] of [...groups].sort((a, b) => b[1].count - a[1].count)) {
        // The features most of this group's requests share: likely causes.
        const shared = [...g.tags]
          .filter(([, n]) => n / g.count >= 0.6)
          .sort((a, b) => b[1] - a[1])
          .map(([t, n]) => `${t} ${Math.round((100 * n) / g.count)}%`);
        parts.push(`    ${g.count} × ${group}${shared.length ? `   (shared: ${shared.join(', ')})` : ''}`);
      }
      for (const example of examples) parts.push(`    - ${example.replace(/\n/g, '\n      ')}`);
    }
    return parts.join('\n');
  }
}
