/**
 * A process's memory as the kernel counts it (Linux `/proc`): its resident set, and the
 * processes it started, for entries that run the server as a child (Node 20's heap-limit
 * waiter, `npx`, `npm start`).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** VmRSS in bytes, or NaN when the process is gone. */
export function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Every process started under `root`, children before grandchildren. */
export function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (ppid) comes after the command name, which sits in parentheses and may hold spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(entry), ppid);
    } catch {}
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const [pid, ppid] of parent) {
      if (ppid === current) {
        out.push(pid);
        queue.push(pid);
      }
    }
  }
  return out;
}

/**
 * The process that serves, under an entry that may run it as a child: on Node 20 the `sleeve`
 * command and `npm start` wait while a child runs under the heap flag (`adapters/launch/heap-child.ts`).
 */
export function servingPid(root: number): { pid: number; waiter: number | undefined } {
  const child = descendants(root).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--max-old-space-size');
    } catch {
      return false;
    }
  });
  return child === undefined ? { pid: root, waiter: undefined } : { pid: child, waiter: root };
}
