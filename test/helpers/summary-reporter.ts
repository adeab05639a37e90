/**
 * A closing line CI can read in any language: `vitest: N passed, N failed, N skipped`, alone
 * on its line, after vitest's own summary (which CI does not parse). Before it, when tests were
 * skipped, which files skipped them and what this machine lacks, with the one command that
 * installs it (issue #44): a green run that skipped the Redis or nginx suites checks less than
 * CI does, and says so.
 */
import { existsSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** The programs some suites need, as `.ci/install` installs them. */
const TOOLS = ['redis-server', 'chromium', 'nginx', 'wrk', 'podman'] as const;

/** The tools of `TOOLS` on no directory of PATH (nor /usr/sbin, where Debian puts nginx). */
function missingTools(): string[] {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin'];
  return TOOLS.filter((tool) => !dirs.some((dir) => dir !== '' && existsSync(join(dir, tool))));
}

type Counts = { passed: number; failed: number; skipped: number };
const counted = (c: Counts) => `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;

export default class SummaryReporter implements Reporter {
  /** Each tier's first start and last end (ms), for its wall time: the tiers run one after another. */
  readonly #spans = new Map<string, { from: number; to: number }>();

  onTestModuleStart(module: TestModule): void {
    const name = module.project?.name ?? '';
    if (!this.#spans.has(name)) this.#spans.set(name, { from: Date.now(), to: Date.now() });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.#spans.get(module.project?.name ?? '');
    if (span) span.to = Date.now();
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
    // By tier (the vitest project, test/tiers.ts): its counts and the files that skipped tests.
    const tiers = new Map<string, { counts: Counts; skippedIn: Map<string, number> }>();
    for (const module of modules) {
      const name = module.project?.name ?? '';
      let tier = tiers.get(name);
      if (!tier) tiers.set(name, (tier = { counts: { passed: 0, failed: 0, skipped: 0 }, skippedIn: new Map() }));
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        const key = state === 'passed' ? 'passed' : state === 'failed' ? 'failed' : 'skipped';
        counts[key]++;
        tier.counts[key]++;
        if (key === 'skipped') {
          const file = relative(process.cwd(), module.moduleId);
          tier.skippedIn.set(file, (tier.skippedIn.get(file) ?? 0) + 1);
        }
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) {
        counts.failed++;
        tier.counts.failed++;
      }
    }
    // In the order they run (test/tiers.ts), whatever order their files started in.
    const order = ['unit', 'integration', 'distribution'];
    const named = [...tiers]
      .filter(([name]) => name !== '')
      .sort(([a], [b]) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
    // Two words before the colon: CI reads only the last line as the run's count.
    const took = (name: string) => {
      const span = this.#spans.get(name);
      return span ? ` in ${Math.round((span.to - span.from) / 1000)} s` : '';
    };
    if (named.length > 0)
      console.log(`\n${named.map(([name, t]) => `${name} tier: ${counted(t.counts)}${took(name)}`).join('\n')}`);
    const skipped = [...tiers].filter(([, t]) => t.skippedIn.size > 0);
    for (const [name, t] of skipped) {
      const files = [...t.skippedIn].map(([file, n]) => `${file} (${n})`).join(', ');
      console.log(`\nskipped${name ? ` (${name})` : ''}: ${files}`);
    }
    if (skipped.length > 0) {
      const missing = missingTools();
      console.log(
        missing.length > 0
          ? `this machine lacks ${missing.join(', ')}: \`sudo bash .ci/install\` installs them (Debian, Ubuntu), and CI runs every suite`
          : "this machine has every tool the suites use: the skips are the tests' own (a runtime that cannot, a platform without it)",
      );
    }
    console.log(`\nvitest: ${counted(counts)}`);
  }
}
