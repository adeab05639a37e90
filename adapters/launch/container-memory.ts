/**
 * @module
 * The memory limit of the container (or systemd unit) the process runs in, from the cgroup
 * file system: the process's own group as `/proc/self/cgroup` names it (in a container that is
 * the root of its own view), cgroup v2's `memory.max`, else v1's `memory.limit_in_bytes`.
 * "max", a v1 figure near 2^63 (no limit), or no such file (not Linux, no cgroup mounted, no
 * permission to read) is no limit.
 */
import { readFileSync } from 'node:fs';

/** v1 writes "no limit" as the largest page-aligned 64-bit figure; anything past 1 PiB is that. */
const NO_LIMIT = 2 ** 50;

type Read = (path: string) => string;
const readText: Read = (path) => readFileSync(path, 'utf8');

/** The files that may hold the limit, the process's own group first. */
function candidates(read: Read): string[] {
  let own: { v2?: string; v1?: string } = {};
  try {
    for (const line of read('/proc/self/cgroup').split('\n')) {
      const [, controllers, path] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
      if (path === undefined) continue;
      if (controllers === '') own.v2 = path;
      else if (controllers!.split(',').includes('memory')) own.v1 = path;
    }
  } catch {
    own = {};
  }
  const under = (base: string, path: string | undefined) => (path && path !== '/' ? [`${base}${path}`] : []);
  return [
    ...under('/sys/fs/cgroup', own.v2).map((dir) => `${dir}/memory.max`),
    '/sys/fs/cgroup/memory.max',
    ...under('/sys/fs/cgroup/memory', own.v1).map((dir) => `${dir}/memory.limit_in_bytes`),
    '/sys/fs/cgroup/memory/memory.limit_in_bytes',
  ];
}

export function containerMemoryBytes(read: Read = readText): number | undefined {
  for (const file of candidates(read)) {
    let text: string;
    try {
      text = read(file).trim();
    } catch {
      continue;
    }
    const bytes = Number(text);
    return text === 'max' || !Number.isFinite(bytes) || bytes <= 0 || bytes >= NO_LIMIT ? undefined : bytes;
  }
  return undefined;
}
