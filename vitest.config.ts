import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Three tiers, a folder each (test/tiers.ts), run one after the other: unit first (seconds, in process, so a
 * mistake shows at once), then integration and distribution, whose files mostly wait on other
 * processes and sockets, so more of them run at once than there are cores.
 */
export default defineConfig({
  resolve: {
    // Examples import the package by name, as users do; point the name at the sources.
    alias: [
      { find: /^sleeve$/, replacement: here('./core/index.ts') },
      { find: /^sleeve\/client$/, replacement: here('./client/index.ts') },
      { find: /^sleeve\/(bun|deno|node|vercel)$/, replacement: here('./adapters/$1/index.ts') },
    ],
  },
  test: {
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          setupFiles: ['./test/unit-guard.ts'],
          sequence: { groupOrder: 0 },
          // Vitest's default is one fewer than the cores: one, on a 2-core machine.
          maxWorkers: 2,
          // In process and stateless by design, so the files of a worker share one module graph:
          // each file loading core afresh was half the tier's time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          // A fresh process per file: shared (`isolate: false`, a third of the CPU of the tier's short
          // files) the radio route's event stream answered 500 and a CLI run hung in full runs, each
          // passing alone, so some file leaves state behind that another trips on.
          maxWorkers: 4,
        },
      },
      {
        extends: true,
        test: {
          name: 'distribution',
          include: ['test/distribution/**/*.test.ts'],
          sequence: { groupOrder: 2 },
          maxWorkers: 3,
          // The npm package built, packed and installed once a run for the package's files, started
          // when the run starts, at a low priority: in a whole run it fills the idle time of the tiers before.
          globalSetup: ['./test/distribution/package/_pack-once.ts'],
        },
      },
    ],
  },
});
