/**
 * The test command's closing lines (`test/helpers/summary-reporter.ts`, issue #44): the count
 * CI reads, last; before it, when tests were skipped, the files that skipped them, what this
 * machine lacks and the one command that installs it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule } from 'vitest/node';
import SummaryReporter from '../../helpers/summary-reporter.ts';

/** A test file of the run as the reporter reads it: its tests' states. */
const file = (moduleId: string, states: string[], tier?: string): TestModule =>
  ({
    moduleId,
    project: tier === undefined ? undefined : { name: tier },
    state: () => 'passed',
    children: { allTests: () => states.map((state) => ({ result: () => ({ state }) })) },
  }) as unknown as TestModule;

function closingLines(modules: TestModule[], path: string): string[] {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(...line.split('\n').filter(Boolean)));
  vi.stubEnv('PATH', path);
  new SummaryReporter().onTestRunEnd(modules);
  return lines;
}

describe("the test command's closing lines", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('name the files that skipped tests, what the machine lacks and the command that installs it; the count stays last', () => {
    const lines = closingLines(
      [
        file(`${process.cwd()}/test/integration/storage/redis.test.ts`, ['skipped', 'skipped']),
        file(`${process.cwd()}/test/a.test.ts`, ['passed']),
      ],
      '/nowhere',
    );
    expect(lines).toEqual([
      'skipped: test/integration/storage/redis.test.ts (2)',
      expect.stringMatching(
        /^this machine lacks redis-server, chromium, (nginx, )?wrk, podman: `sudo bash \.ci\/install` installs them/,
      ),
      'vitest: 1 passed, 0 failed, 2 skipped',
    ]);
  });

  it('say nothing more when nothing was skipped', () => {
    expect(closingLines([file(`${process.cwd()}/test/a.test.ts`, ['passed', 'failed'])], '/nowhere')).toEqual([
      'vitest: 1 passed, 1 failed, 0 skipped',
    ]);
  });

  it('count each tier on a line of its own and name the skips by tier, the run’s count still last', () => {
    const lines = closingLines(
      [
        file(`${process.cwd()}/test/a.test.ts`, ['passed', 'passed'], 'unit'),
        file(`${process.cwd()}/test/integration/storage/redis.test.ts`, ['skipped'], 'integration'),
        file(`${process.cwd()}/test/runtimes/bun.test.ts`, ['passed', 'failed'], 'distribution'),
      ],
      '/nowhere',
    );
    expect(lines).toEqual([
      'unit tier: 2 passed, 0 failed, 0 skipped',
      'integration tier: 0 passed, 0 failed, 1 skipped',
      'distribution tier: 1 passed, 1 failed, 0 skipped',
      'skipped (integration): test/integration/storage/redis.test.ts (1)',
      expect.stringMatching(/^this machine lacks /),
      'vitest: 3 passed, 1 failed, 1 skipped',
    ]);
  });

  it('give each tier the time from its first file’s start to its last file’s end', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const reporter = new SummaryReporter();
      const unit = file(`${process.cwd()}/test/a.test.ts`, ['passed'], 'unit');
      vi.setSystemTime(1_000_000);
      reporter.onTestModuleStart(unit);
      vi.setSystemTime(1_042_400);
      reporter.onTestModuleEnd(unit);
      const lines: string[] = [];
      vi.spyOn(console, 'log').mockImplementation(
        (line: string) => void lines.push(...line.split('\n').filter(Boolean)),
      );
      reporter.onTestRunEnd([unit]);
      expect(lines[0]).toBe('unit tier: 1 passed, 0 failed, 0 skipped in 42 s');
    } finally {
      vi.useRealTimers();
    }
  });
});
