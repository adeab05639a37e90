import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
    include: ['test/**/*.test.ts'],
    // The reliability suite times a real server under load: it runs alone, after everything
    // else (`npm test` runs it at short scale through vitest.reliability.config.ts).
    exclude: ['test/reliability/**', '**/node_modules/**'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
