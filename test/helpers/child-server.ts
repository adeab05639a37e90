/**
 * Starts a Sleeve entry as a child process on a random port (PORT=0) and resolves with the URL
 * it prints on its start-up line. Used to test the real `bun` and `deno` binaries.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT: string = fileURLToPath(new URL('../../', import.meta.url));
export const BIN: string = `${ROOT}node_modules/.bin/`;

export interface ChildServer {
  url: string;
  /** The child's process id (the server itself only when run without a wrapper such as the tsx CLI). */
  pid: number | undefined;
  output: () => string;
  /** Writes a line to the child's standard input (fixtures take commands there). */
  send(line: string): void;
  /** Sends the child a signal, without waiting. */
  kill(signal: NodeJS.Signals): void;
  /** The child's exit: its code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/**
 * `group`: the child leads a process group of its own, and signals go to the whole group, as a
 * terminal's Ctrl-C or a process manager's stop does: for a wrapper such as `npx`, which runs
 * the command through a shell that does not pass a signal on.
 */
export function startChild(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 20_000,
  cwd: string = ROOT,
  { group = false } = {},
): Promise<ChildServer> {
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: group,
  });
  const signal = (name: NodeJS.Signals) =>
    group && child.pid !== undefined ? process.kill(-child.pid, name) : child.kill(name);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal('SIGKILL');
      reject(new Error(`${command} did not print its URL within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Sleeve's start-up line, or `deno serve`'s own ("Listening on http://0.0.0.0:port/").
      const match = /[Ll]istening on (http:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve({
        url: match[1].replace(/localhost|0\.0\.0\.0/, '127.0.0.1').replace(/\/$/, ''),
        pid: child.pid,
        output: () => output,
        send: (line) => child.stdin?.write(`${line}\n`),
        kill: (name) => void signal(name),
        exited,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            signal('SIGTERM');
          }),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before listening:\n${output}`));
    });
  });
}

/** Runs an entry to completion and returns its exit code and output (start-up errors). */
export function runToExit(
  command: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} still running after ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
