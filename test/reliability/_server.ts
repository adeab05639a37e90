/**
 * @module
 * The real server as a child process (`npm start`, `start:bun`, `start:deno`, PORT=0), with
 * what the reliability suite reads from outside: the process that owns the listening socket
 * (under `tsx` it is a grandchild), its RSS and open file descriptors from `/proc`, how many
 * of its sockets sit in CLOSE-WAIT, and every line it logs. Like `test/helpers/child-server.ts`,
 * plus those readings; stopping is bounded (SIGTERM, then SIGKILL after 3 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { ROOT } from '../helpers/child-server.ts';
import { descendants, rssOf } from '../helpers/process-memory.ts';
import { scriptCommand } from '../helpers/scripts.ts';
import type { RuntimeName } from './_config.ts';

const SCRIPTS: Readonly<Record<RuntimeName, string>> = { node: 'start', bun: 'start:bun', deno: 'start:deno' };

/** The command of `npm run start*` for a runtime, its entry file replaced when `entry` is given. */
function commandFor(runtime: RuntimeName, entry?: string): [string, string[]] {
  const [bin, args] = scriptCommand(SCRIPTS[runtime]);
  return [bin, entry ? [...args.slice(0, -1), entry] : args];
}

export interface Server {
  runtime: RuntimeName;
  url: string;
  port: number;
  /** The process that owns the listening socket (for RSS and descriptors). */
  pid: number;
  /** Everything printed so far (stdout and stderr), capped at 8 MiB. */
  output(): string;
  /** Lines printed so far (not capped). */
  lineCount(): number;
  send(line: string): void;
  /** VmRSS in bytes, or NaN when the process is gone. */
  rss(): number;
  /** Open file descriptors of the server process. */
  fds(): number;
  /** The server's TCP sockets in CLOSE-WAIT (the peer closed, the server never did). */
  closeWait(): number;
  alive(): boolean;
  stop(): Promise<void>;
}

const OUTPUT_CAP = 8 * 1024 * 1024;

export async function startServer(
  runtime: RuntimeName,
  env: Record<string, string> = {},
  entry?: string,
  timeoutMs = 30_000,
): Promise<Server> {
  const [command, args] = commandFor(runtime, entry);
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', NO_COLOR: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let lines = 0;
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
    if (output.length < OUTPUT_CAP) output += text;
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  child.stdin!.on('error', () => {});

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${runtime} did not print its URL within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const poll = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout!.off('data', poll);
        child.stderr!.off('data', poll);
        resolve(
          match[1].replace('localhost', '127.0.0.1').replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'),
        );
      }
    };
    child.stdout!.on('data', poll);
    child.stderr!.on('data', poll);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${runtime} exited with ${code} before listening:\n${output}`));
    });
  });
  const port = Number(new URL(url).port);
  const pid = listenerPid(child.pid!, port) ?? child.pid!;

  return {
    runtime,
    url,
    port,
    pid,
    output: () => output,
    lineCount: () => lines,
    send: (line) => void child.stdin!.write(`${line}\n`),
    rss: () => rssOf(pid),
    fds: () => fdsOf(pid).length,
    closeWait: () => closeWaitOf(pid),
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const kill = setTimeout(() => {
          child.kill('SIGKILL');
          if (pid !== child.pid) {
            try {
              process.kill(pid, 'SIGKILL');
            } catch {}
          }
        }, 3_000);
        child.once('exit', () => {
          clearTimeout(kill);
          done();
        });
        child.kill('SIGTERM');
        // tsx forwards signals to its child; make sure the grandchild goes too.
        if (pid !== child.pid) {
          try {
            process.kill(pid, 'SIGTERM');
          } catch {}
        }
      }),
  };
}

function fdsOf(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of fdsOf(pid)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {}
  }
  return inodes;
}

interface TcpRow {
  localPort: number;
  state: string;
  inode: string;
}

function tcpRows(): TcpRow[] {
  const rows: TcpRow[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      rows.push({ localPort: parseInt(f[1]!.split(':')[1]!, 16), state: f[3]!, inode: f[9]! });
    }
  }
  return rows;
}

/** TCP state 08 is CLOSE_WAIT (include/net/tcp_states.h). */
function closeWaitOf(pid: number): number {
  const mine = socketInodes(pid);
  return tcpRows().filter((r) => r.state === '08' && mine.has(r.inode)).length;
}

/** The process among `root` and its descendants that holds the socket listening on `port`. */
function listenerPid(root: number, port: number): number | undefined {
  const listening = new Set(
    tcpRows()
      .filter((r) => r.state === '0A' && r.localPort === port)
      .map((r) => r.inode),
  );
  for (const pid of [root, ...descendants(root)]) {
    for (const inode of socketInodes(pid)) if (listening.has(inode)) return pid;
  }
  return undefined;
}

export const MiB: number = 1024 * 1024;
export const mb = (bytes: number): string => (Number.isFinite(bytes) ? `${(bytes / MiB).toFixed(1)} MB` : 'n/a');
