/**
 * @module
 * CPU time a server process spends, read from Linux's `/proc`: the process and every process
 * below it (the tsx CLI runs the server as its child). Divided by the requests wrk completed it
 * gives the CPU each answer costs, a figure that holds when other work shares the cores, where
 * requests a second fall with whatever else runs (this machine is shared). Elsewhere: NaN.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second (`getconf CLK_TCK`): 100 on every Linux Node runs on. */
const TICKS_PER_SECOND = 100;

/** `/proc/<pid>/stat`: its parent, and user plus system time in ticks; undefined once it is gone. */
function stat(pid: number): { ppid: number; ticks: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** Seconds of CPU used so far by `pid` and its descendants. */
export function cpuSeconds(pid: number): number {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return Number.NaN;
  }
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const name of pids) {
    const s = stat(Number(name));
    if (!s) continue;
    ticks.set(Number(name), s.ticks);
    children.set(s.ppid, [...(children.get(s.ppid) ?? []), Number(name)]);
  }
  if (!ticks.has(pid)) return Number.NaN;
  let total = 0;
  for (const queue = [pid]; queue.length > 0; ) {
    const next = queue.pop()!;
    total += ticks.get(next) ?? 0;
    queue.push(...(children.get(next) ?? []));
  }
  return total / TICKS_PER_SECOND;
}
