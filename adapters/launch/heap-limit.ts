/**
 * @module
 * Holds the runtime to the memory plan (`memory-plan.ts`) before anything else loads, by every
 * way Sleeve starts: the `sleeve` command, `npm start`, `start:bun`, `start:deno`, the
 * executable and the container. A runtime sizes its heap once, at start, from the machine's
 * memory (or the container's), and lets garbage pile up to that size: on a 24 GiB machine
 * Node held 560 MB for a 64 MiB cache. So the process starts itself again with the setting:
 *
 * - Node: `--max-old-space-size` (and `--max-semi-space-size`), by `process.execve` (Node 22.15+, one process, the same pid)
 *   or, on Node 20, as a child this process waits for, passing on its signals;
 * - Bun: `BUN_JSC_forceRAMSize`, the memory JavaScriptCore sizes its collector from, by
 *   `process.execve` (the executable too);
 * - Deno cannot replace itself, and may lack the permission to start a process: start-up says
 *   the one variable to set (`DENO_V8_FLAGS`, `heapAdvice`), which `npm run start:deno` sets.
 *
 * A setting the operator gave (`--max-old-space-size` in the flags or `NODE_OPTIONS`,
 * `BUN_JSC_forceRAMSize`, `DENO_V8_FLAGS`) is theirs and left alone.
 */
import { statSync } from 'node:fs';
import { MAX_CACHE_MB, MIN_CACHE_MB } from '../../core/storage/cache-bound.ts';
import { containerMemoryBytes } from './container-memory.ts';
import { runAsChild, watchParent } from './heap-child.ts';
import { memoryPlan, SEMI_SPACE_MB, YOUNG_MB, type MemoryPlan } from './memory-plan.ts';

type Env = Record<string, string | undefined>;

/**
 * The plan for this process's settings. Start-up passes the bound its configuration checked;
 * before that (the launcher loads no configuration) a bad `SLEEVE_CACHE_MB` counts as unset and
 * is left to start-up to name.
 */
export function planFor(env: Env, cacheMb: number | undefined = roughCacheMb(env)): MemoryPlan {
  let catalogBytes = 0;
  try {
    if (env.SLEEVE_CATALOG) catalogBytes = statSync(env.SLEEVE_CATALOG).size;
  } catch {
    // Start-up names an unreadable catalogue in its own line.
  }
  return memoryPlan({ cacheMb, containerBytes: containerMemoryBytes(), catalogBytes });
}

function roughCacheMb(env: Env): number | undefined {
  const mb = Number(env.SLEEVE_CACHE_MB?.trim() || Number.NaN);
  return Number.isInteger(mb) && mb >= MIN_CACHE_MB && mb <= MAX_CACHE_MB ? mb : undefined;
}

const MIB = 1024 * 1024;
/** The old generation's flag, in any of the forms V8 takes; and the young generation's. */
const HEAP_FLAG = /--max[-_]old[-_]space[-_]size/;
const SEMI_FLAG = /--max[-_]semi[-_]space[-_]size/;

/** V8's flags for the plan; a young generation the operator sized is left as it is. */
export function v8Flags(plan: MemoryPlan, given: string): string[] {
  return [
    `--max-old-space-size=${plan.heapMb}`,
    ...(SEMI_FLAG.test(given) ? [] : [`--max-semi-space-size=${SEMI_SPACE_MB}`]),
  ];
}

interface Execve {
  execve?(file: string, args: string[], env: Env): never;
}

/**
 * Restarts this process under the plan's heap setting when it has none, and never returns
 * then; returns at once when the setting is in place or cannot be given.
 */
export async function holdToPlan(env: Env): Promise<void> {
  if ('Deno' in globalThis) return;
  const proc = process as typeof process & Execve;
  if ('Bun' in globalThis) {
    if (env.BUN_JSC_forceRAMSize !== undefined || proc.execve === undefined) return;
    proc.execve(process.execPath, [process.execPath, ...bunArgs()], {
      ...env,
      BUN_JSC_forceRAMSize: String(bunRamBytes(planFor(env))),
    });
  }
  if (process.execArgv.some((flag) => HEAP_FLAG.test(flag)) || HEAP_FLAG.test(env.NODE_OPTIONS ?? ''))
    return watchParent();
  const plan = planFor(env);
  const args = [
    ...v8Flags(plan, `${process.execArgv.join(' ')} ${env.NODE_OPTIONS ?? ''}`),
    ...process.execArgv,
    ...process.argv.slice(1),
  ];
  if (proc.execve !== undefined) proc.execve(process.execPath, [process.execPath, ...args], env);
  await runAsChild(args);
}

/** What JavaScriptCore is told the machine has: the heap the plan allows, and its young space. */
const bunRamBytes = (plan: MemoryPlan): number => (plan.heapMb + YOUNG_MB) * MIB;

/** Bun's arguments after its own path: a compiled executable's own, or `bun [flags] script …`. */
function bunArgs(): string[] {
  const script = process.argv[1] ?? '';
  const compiled = script.startsWith('/$bunfs/') || /^[A-Z]:[\\/]~BUN[\\/]/.test(script);
  return compiled ? process.argv.slice(2) : [...process.execArgv, ...process.argv.slice(1)];
}

/**
 * Under Deno, a line for start-up when its heap may grow well past the plan's: `--v8-flags` on
 * the command line is not in the environment, so the limit it left is what is read.
 */
export async function heapAdvice(env: Env, plan: MemoryPlan): Promise<string | undefined> {
  if (!('Deno' in globalThis) || HEAP_FLAG.test(env.DENO_V8_FLAGS ?? '')) return undefined;
  const { getHeapStatistics } = await import('node:v8');
  const limitMb = getHeapStatistics().heap_size_limit / MIB;
  if (limitMb <= (plan.heapMb + 2 * YOUNG_MB) * 1.25) return undefined;
  return `sleeve: Deno's heap may grow to ${Math.round(limitMb)} MiB; set DENO_V8_FLAGS=${v8Flags(plan, '').join(',')} to hold it to the ${plan.needMb} MiB this instance needs (Sleeve's docs/deploying.md#memory-d43)`;
}
