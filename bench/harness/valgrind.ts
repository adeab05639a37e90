/** @module The benches that count instructions (`instructions.ts`, `entry/objects.ts`) run under valgrind's callgrind. */
import { spawnSync } from 'node:child_process';

/** Exits with how to install valgrind when it is not there. */
export function requireValgrind(): void {
  if (spawnSync('valgrind', ['--version']).error) {
    console.error('bench: valgrind is not installed. On Debian or Ubuntu: apt-get install -y valgrind.');
    process.exit(1);
  }
}
