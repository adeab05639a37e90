/**
 * @module
 * Stopping under npm (`npm start`, `npx sleeve`): npm runs the command through `sh -c`, and
 * passes a SIGTERM or SIGINT sent to npm on to that shell alone, which dies of it without
 * passing it on: Sleeve was left listening, its parent gone. So the process npm's shell started
 * watches its parent, and once it is gone stops as on SIGTERM, unless a signal began the stop
 * already (a terminal's Ctrl-C reaches Sleeve and the shell at once: one stop, not a second
 * signal's "exit now", D34). Only under npm (it sets `npm_lifecycle_event`): elsewhere a parent
 * that ends first may mean to leave Sleeve running (`node main.ts &` from a script that ends).
 * Deno is left out: `process.ppid` there is read once, at start.
 */

/** How often the parent is looked at: a stop comes this much after npm's at most. */
const LOOK_EVERY_MS = 250;

/** Calls `stop` once this process's parent is gone, under npm; a SIGTERM or SIGINT first calls it off. */
export function stopWhenNpmShellGone(env: Record<string, string | undefined>, stop: () => void): void {
  if (env.npm_lifecycle_event === undefined || 'Deno' in globalThis) return;
  const parent = process.ppid;
  const look = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(look);
    stop();
  }, LOOK_EVERY_MS);
  // Keeps nothing alive: the server does, and once it has stopped there is nothing to watch for.
  look.unref();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => clearInterval(look));
}
