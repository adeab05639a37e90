/**
 * A closing line CI can read in any language: `vitest: N passed, N failed, N skipped`, alone
 * on its line, after vitest's own summary (which CI does not parse).
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) counts.failed++;
    }
    console.log(`\nvitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
