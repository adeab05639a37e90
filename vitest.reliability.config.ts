/**
 * `npm run test:reliability`: the reliability suite of issue 10 at full scale (`test/reliability/`,
 * its README): 10,000 hostile requests, the whole fault matrix, a 500,000-query soak and 2,000
 * slow sockets per runtime. Files run one after another, so no concern's load skews another's
 * latencies; the figures of all of them are printed together at the end. `npm test` runs the
 * same files at short scale through `vitest.config.ts`. `RELIABILITY_SCALE=short` here gives
 * the short run with the combined table.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/reliability/**/*.test.ts'],
    env: { RELIABILITY_SCALE: process.env.RELIABILITY_SCALE ?? 'full' },
    globalSetup: ['./test/reliability/_global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 120_000,
  },
});
