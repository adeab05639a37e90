/**
 * @module
 * Node 20 has no `process.execve`: Sleeve runs as a child under the heap flag, and this
 * process only waits for it (about 40 MB, none of Sleeve loaded). The child is a process group
 * of its own, so a terminal's Ctrl-C reaches it once, through here, and not twice (D34: a
 * second signal means "exit now"); every signal a process manager sends is passed on; the
 * child's exit code, or its signal, is this process's. If this process dies first, the child
 * sees its channel close and stops as on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { stopWhenNpmShellGone } from './npm-shell.ts';

const PASSED_ON: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'];
/** Set in the child, so it knows its parent only waits for it (lower case: no setting of Sleeve's). */
const CHILD_MARK = 'sleeve_waiter';

export function runAsChild(args: string[]): Promise<never> {
  const child = spawn(process.execPath, args, {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    detached: true,
    env: { ...process.env, [CHILD_MARK]: '1' },
  });
  for (const signal of PASSED_ON) process.on(signal, () => child.kill(signal));
  // `npm start` on Node 20: npm's shell is this process's parent, and dies of npm's signal without passing it on.
  stopWhenNpmShellGone(process.env, () => child.kill('SIGTERM'));
  return new Promise<never>(() => {
    child.on('exit', (code, signal) => {
      for (const s of PASSED_ON) process.removeAllListeners(s);
      if (signal) process.kill(process.pid, signal);
      process.exit(code ?? 1);
    });
  });
}

/** True in the child: its parent is the process that waits for it (and watches npm's shell for it). */
export const underWaiter = (): boolean => process.env[CHILD_MARK] === '1';

/** In the child: stop as on SIGTERM when the waiting parent is gone; the channel keeps nothing alive. */
export function watchParent(): void {
  if (!underWaiter() || process.channel === undefined) return;
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
