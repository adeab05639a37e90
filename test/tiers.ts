/**
 * The suite's tiers are its folders (vitest.config.ts makes each of the first three a project;
 * `npm test` runs them in this order, `npm run test:unit` the first alone):
 * - **unit** (`test/unit/`): in process: no child process, no socket of its own, time moved on a
 *   fake clock rather than waited for (`test/unit-guard.ts`, set up before each unit file, makes
 *   a process or a socket throw).
 * - **integration** (`test/integration/`): the replay, servers on loopback, Redis, nginx, spawned
 *   processes of Sleeve's own commands.
 * - **distribution** (`test/distribution/`): what a user installs or runs it on: the packed
 *   package, JSR, the executable and its container image, the Bun, Deno, Node-line and Workers
 *   runtimes, Deno KV, the browser.
 * - **reliability** (`test/reliability/`): a real server under load, run alone after the rest
 *   (vitest.reliability.config.ts).
 * Within a tier a test sits in the folder of what it tests, as the source is laid out (core's
 * folder names without `core/`); what tests share is in `test/helpers/`.
 */
export const TIERS = ['unit', 'integration', 'distribution'] as const;

/** The tier of a test file (a path from the repository's root), or undefined outside every tier folder. */
export function tierOf(file: string): (typeof TIERS)[number] | 'reliability' | undefined {
  const folder = /^test\/([^/]+)\//.exec(file)?.[1];
  return folder === 'reliability' || TIERS.includes(folder as never) ? (folder as never) : undefined;
}
