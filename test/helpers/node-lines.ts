/**
 * The Node lines people run besides this machine's (Node 20): 22 and 24, from the `node` npm
 * package (`.ci/node-lines`: its own package.json and lock, since both install a binary named
 * `node`, which in the root's node_modules/.bin would run every npm script). `.ci/run`
 * installs them; a test that finds them missing installs them from the lock itself, one test
 * file at a time (a lock directory), from the npm cache or the registry.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmdirSync } from 'node:fs';
import { ROOT } from './child-server.ts';

const DIR = `${ROOT}.ci/node-lines/`;
export const NODE_LINES = [22, 24] as const;
export type NodeLine = (typeof NODE_LINES)[number];

const binary = (line: NodeLine) => `${DIR}node_modules/node${line}/bin/node`;

/** The path of Node `line`'s binary, installed first if it is not. */
export function nodeBinary(line: NodeLine): string {
  if (NODE_LINES.every((l) => existsSync(binary(l)))) return binary(line);
  const lock = `${DIR}.installing`;
  for (const started = Date.now(); ; ) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - started > 300_000) throw new Error(`${lock} held for 5 minutes: remove it if no install runs`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    if (!NODE_LINES.every((l) => existsSync(binary(l)))) {
      execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
        cwd: DIR,
        stdio: 'pipe',
        timeout: 300_000,
      });
    }
  } finally {
    rmdirSync(lock);
  }
  return binary(line);
}
