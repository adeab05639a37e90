/**
 * `npm test`: the static checks (the commands of `npm run lint` and `npm run typecheck`) beside
 * the suite's tiers (`vitest run`), then the reliability suite at short scale once both passed.
 *
 * Why beside: each static check is one single-threaded process (tsc alone is most of a minute),
 * so run before the suite they left a core idle for their whole length, and the integration and
 * distribution tiers mostly wait on sockets and processes, leaving room for them. The checks run
 * one at a time, in the scripts' order (the quick lint first), so they take at most one core from
 * the unit tier and a lint mistake shows within seconds. They are the scripts' commands, not
 * `npm run typecheck` itself: its pre-hook rewrites the embedded asset modules (`npm run assets`,
 * run once by `pretest`) while the suite may be importing them.
 *
 * The suite's output streams as it comes; each check's is printed whole when it ends, so the two
 * never interleave line by line. Any part failing fails the run (exit 1), and the reliability
 * suite, which times a real server, still runs only after everything else has passed, alone.
 * package.json runs this with `node --import tsx`, not the tsx command, whose relay did not pass
 * a SIGTERM on to this process.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

/** The commands of these package.json scripts, in their order: one source for `npm run lint` and this. */
function commandsOf(...scripts: string[]): string[] {
  const all = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  return scripts.flatMap((name) => {
    const script = all[name];
    if (script === undefined) throw new Error(`package.json has no "${name}" script`);
    return script.split(' && ');
  });
}

// Run directly (`node --import tsx scripts/test.ts`) as under npm: the project's commands on PATH.
const env = { ...process.env, PATH: `${join(ROOT, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` };
const running = new Set<ReturnType<typeof spawn>>();

/** Runs `command` in a shell; `whole`: its output kept and printed in one piece when it ends. */
function run(name: string, command: string, { whole = false, extraEnv = {} } = {}): Promise<Outcome> {
  const started = performance.now();
  const child = spawn(command, {
    cwd: ROOT,
    env: { ...env, ...extraEnv },
    shell: true,
    stdio: ['ignore', whole ? 'pipe' : 'inherit', whole ? 'pipe' : 'inherit'],
    // A group of its own, so a stop reaches the command and not only the shell that runs it.
    detached: true,
  });
  running.add(child);
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    const end = (ok: boolean, why = '') => {
      running.delete(child);
      const seconds = Math.round((performance.now() - started) / 1000);
      if (whole) {
        const output = Buffer.concat(chunks).toString().trimEnd();
        const head = `── ${name}: ${ok ? 'passed' : `FAILED${why}`} in ${seconds} s ──`;
        process.stdout.write(`\n${head}\n${output === '' ? '' : `${output}\n`}`);
      }
      resolve({ name, ok, seconds });
    };
    child.once('error', (error) => end(false, ` (${error.message})`));
    child.once('close', (code, signal) => end(code === 0, code === 0 ? '' : ` (${signal ?? `exit ${code}`})`));
  });
}

/** One after another, each printed whole; every one runs, so a run names all the checks that fail. */
async function chain(commands: string[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const command of commands) outcomes.push(await run(command, command, { whole: true }));
  return outcomes;
}

// Each part leads a process group of its own (out of the terminal's reach): Ctrl-C, or a CI's
// SIGTERM to this process, is passed on to every group still running.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {}
    }
    console.log(`\nnpm test: stopped by ${signal}`);
    process.exit(1);
  });
}

/**
 * The suite's npm build (test/distribution/package/) writes its declarations without checking
 * them again (scripts/build-npm.ts): `tsc -p tsconfig.bun.json` among the checks covers the same
 * files with the same types, and its failure fails this run (so only while typecheck runs it).
 */
const CHECKED: Record<string, string> = commandsOf('typecheck').includes('tsc --noEmit -p tsconfig.bun.json')
  ? { TYPES_CHECKED_BY_NPM_TEST: '1' }
  : {};

const started = performance.now();
const [checks, suite] = await Promise.all([
  chain(commandsOf('lint', 'typecheck')),
  run('vitest run', 'vitest run', { extraEnv: CHECKED }),
]);
const outcomes = [...checks, suite];
if (outcomes.every((o) => o.ok)) {
  outcomes.push(
    await run('reliability suite, short scale', 'vitest run --config vitest.reliability.config.ts', {
      extraEnv: { RELIABILITY_SCALE: 'short' },
    }),
  );
}
const failed = outcomes.filter((o) => !o.ok);
const total = Math.round((performance.now() - started) / 1000);
const notRun = outcomes.length === checks.length + 1 ? '; the reliability suite was not run' : '';
console.log(
  `\nnpm test: ${outcomes.map((o) => `${o.name} ${o.ok ? 'passed' : 'FAILED'} (${o.seconds} s)`).join('; ')}`,
);
console.log(
  failed.length === 0
    ? `npm test: passed in ${total} s`
    : `npm test: FAILED in ${total} s: ${failed.map((o) => o.name).join(', ')}${notRun}`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
