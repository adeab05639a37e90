/**
 * The distribution tier's one build and pack of the npm package, installed into a fresh project
 * (test/helpers/installed-package.ts), which the package's test files share (./_installed.ts).
 *
 * A vitest globalSetup of the tier: it starts when the run does, in a process of its own at a
 * low priority (`nice`), so in a whole run the package is built in the time the earlier tiers
 * leave a core idle (they mostly wait on sockets and processes), not on the distribution tier's
 * critical path, where one file built it and then ran every test of the package one after another.
 * Its files run in parallel now, reading the one install.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder the install is made in: `installed.json` appears there when it is ready. */
    packageInstall: string;
  }
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export default function setup(project: TestProject): () => Promise<void> {
  const into = mkdtempSync(join(tmpdir(), 'sleeve-installed-'));
  project.provide('packageInstall', into);
  let building = start(into);
  // Watch mode: a rerun may follow a change of the sources, so it gets a build of its own.
  project.onTestsRerun(async () => {
    await stop(building);
    rmSync(into, { recursive: true, force: true });
    mkdirSync(into);
    building = start(into);
  });
  return async () => {
    await stop(building);
    rmSync(into, { recursive: true, force: true });
  };
}

interface Building {
  child: ChildProcess;
  exited: Promise<void>;
}

function start(into: string): Building {
  const child = spawn(
    'nice',
    ['-n', '10', process.execPath, '--import', 'tsx', `${ROOT}test/helpers/installed-package.ts`, ROOT, into],
    // A group of its own, so a stop reaches npm and the build it runs, not only this process.
    { cwd: ROOT, stdio: 'ignore', detached: true },
  );
  const exited = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    // Not started (no `nice`, say): the package's files say why instead of waiting.
    child.once('error', (error) => {
      writeFileSync(join(into, 'failed.txt'), error.message);
      resolve();
    });
  });
  return { child, exited };
}

/** Still building: the run chose none of the package's files (or they failed), so no one waits for it. */
async function stop({ child, exited }: Building): Promise<void> {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {}
  await exited;
}
