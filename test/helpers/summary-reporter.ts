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

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const skippedIn = new Map<string, number>();
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else {
          counts.skipped++;
          const file = relative(process.cwd(), module.moduleId);
          skippedIn.set(file, (skippedIn.get(file) ?? 0) + 1);
        }
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) counts.failed++;
    }
    if (skippedIn.size > 0) {
      console.log(`\nskipped: ${[...skippedIn].map(([file, n]) => `${file} (${n})`).join(', ')}`);
      const missing = missingTools();
      console.log(
        missing.length > 0
          ? `this machine lacks ${missing.join(', ')}: \`sudo bash .ci/install\` installs them (Debian, Ubuntu), and CI runs every suite`
          : "this machine has every tool the suites use: the skips are the tests' own (a runtime that cannot, a platform without it)",
      );
    }
    console.log(`\nvitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
