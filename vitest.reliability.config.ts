/**
 * `npm run test:reliability`: the reliability suite of issue 10 at full scale (`test/reliability/`,
 * its README): 10,000 hostile requests, the whole fault matrix, a 500,000-query soak and 2,000
 * slow sockets per runtime. At that scale files run one after another, and after the rest of the
 * suite, so no load skews their latencies; the figures of all of them are printed together at the end.
 * `npm test` runs the same files at short scale (`RELIABILITY_SCALE=short`) once every other
 * test has passed.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// The main suite's tiers (its projects) are not this suite's.
const { projects: _tiers, ...shared } = base.test ?? {};

const scale = process.env.RELIABILITY_SCALE ?? 'full';

export default defineConfig({
  ...base,
  test: {
    ...shared,
    include: ['test/reliability/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    env: { RELIABILITY_SCALE: scale },
    globalSetup: ['./test/reliability/_global-setup.ts'],
    // Full scale measures latencies: one file at a time, alone. The short scale `npm test` runs
    // checks answers and bounds generous enough for a shared machine, two files at once.
    fileParallelism: scale !== 'full',
    maxWorkers: scale === 'full' ? 1 : 2,
    testTimeout: 30 * 60_000,
    hookTimeout: 120_000,
  },
});
