import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Examples import the package by name, as users do; point the name at the sources.
    alias: [
      { find: /^sleeve$/, replacement: here('./core/index.ts') },
      { find: /^sleeve\/(bun|deno|node|vercel)$/, replacement: here('./adapters/$1.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
