/**
 * @module
 * The memory limit of the container the process runs in, from the cgroup file system: v2's
 * `memory.max`, else v1's `memory.limit_in_bytes`. "max", a v1 figure near 2^63 (no limit),
 * or no such file (not Linux, no cgroup mounted) is no limit.
 */
import { readFileSync } from 'node:fs';

const FILES = ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes'];
/** v1 writes "no limit" as the largest page-aligned 64-bit figure; anything past 1 PiB is that. */
const NO_LIMIT = 2 ** 50;

export function containerMemoryBytes(read: (path: string) => string = (path) => readFileSync(path, 'utf8')): number | undefined {
  for (const file of FILES) {
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
