/**
 * The suite's three tiers, by file (vitest.config.ts makes each a project; `npm test` runs them
 * in this order, `npm run test:unit` the first alone):
 * - **unit**: everything not named below. In process: no child process, no socket of its own,
 *   time moved on a fake clock rather than waited for (`test/tiers.test.ts` reads each unit
 *   file, and the helpers it imports, for what would break that).
 * - **integration**: the replay, servers on loopback, Redis, nginx, spawned processes of
 *   Sleeve's own commands.
 * - **distribution**: what a user installs or runs it on: the packed package, JSR, the
 *   executable and its container image, the Bun, Deno, Node-line and Workers runtimes, Deno KV,
 *   the browser.
 */

/** Files (globs from the repository's root) of the distribution tier. */
export const DISTRIBUTION: readonly string[] = [
  'test/package.test.ts',
  'test/package-jsr.test.ts',
  'test/install-engines.test.ts',
  'test/install-scripts.test.ts',
  'test/exe/**/*.test.ts',
  'test/runtimes/**/*.test.ts',
  'test/client/bun.test.ts',
  'test/client/deno.test.ts',
  'test/docs/browser.test.ts',
  'test/status/browser.test.ts',
  'test/storage/workers.test.ts',
  'test/storage/deno-kv.test.ts',
  'test/installed/no-file-system.test.ts',
  'test/routes/socket-runtimes.test.ts',
];

/** Files of the integration tier. */
export const INTEGRATION: readonly string[] = [
  'test/live/**/*.test.ts',
  'test/replay/**/*.test.ts',
  'test/adapters/**/*.test.ts',
  'test/storage/redis*.test.ts',
  'test/storage/from-spec.test.ts',
  'test/cli.test.ts',
  'test/cli-checkout.test.ts',
  'test/readme.test.ts',
  'test/examples.test.ts',
  'test/examples-kubernetes.test.ts',
  'test/summary-reporter.test.ts',
  'test/catalog/cli.test.ts',
  'test/client/{endpoints,errors,node}.test.ts',
  'test/config/{startup,upstreams-env}.test.ts',
  'test/drivers/{azuracast,azuracast-watch,budget,deezer,links,reccobeats,reccobeats-driver}.test.ts',
  'test/http/hostile-node.test.ts',
  'test/openapi/{agreement,examples,generated-client,linters}.test.ts',
  'test/routes/{ai,ai-budget,ai-ceiling,ai-lyrics,ai-upstream,media-alias,radio,socket-node}.test.ts',
  'test/services/radio-watch.test.ts',
];

/** A glob of these lists (`**`, `*`, `{a,b}`) as a regular expression over a path from the root. */
export function globToRegExp(glob: string): RegExp {
  const source = glob
    .split('**/')
    .map((part) =>
      part
        .replace(/[.+^$()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')
        .replace(/\{([^}]*)\}/g, (_, names: string) => `(?:${names.split(',').join('|')})`),
    )
    .join('(?:.*/)?');
  return new RegExp(`^${source}$`);
}
