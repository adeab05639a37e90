/**
 * @module
 * The servers' logger (D20): lines go to standard output through one batching writer instead
 * of a `console.log` each, which is one synchronous write per request and cost hits up to half
 * their throughput (issue #22). A request only pushes its line; once per event-loop turn the
 * turn's lines are handed on together to `sonic-boom`, pino's writer, which holds them until
 * `LOG_BATCH_BYTES` are waiting or `LOG_FLUSH_MS` have passed, then writes them in one call;
 * it runs on Node, Bun and Deno alike (through `node:fs`).
 *
 * What it holds is bounded (`LOG_MAX_HELD_BYTES`): when standard output cannot keep up (a
 * stalled pipe, a flood), new lines are dropped, never queued without end, and the number
 * dropped is said once on standard error when lines get through again (or at exit). Errors go
 * straight to standard error, unbatched: they are rare, and the one line worth having when a
 * process dies. `flush()` (called by `Sleeve.close()` on a graceful exit) writes what is held,
 * in order, after any write under way; on any other exit what is held is written at once.
 */
import sonicBoom, { type SonicBoom as Writer } from 'sonic-boom';
import type { Logger } from '../core/index.ts';

/** Lines are written once this many bytes wait (about 150 request lines: one write where there were as many)... */
export const LOG_BATCH_BYTES = 32 * 1024;
/** What one write may carry (sonic-boom wants it above the batch). */
const MAX_WRITE_BYTES = 64 * 1024;
/** ...or this often, so a quiet server's lines still show within a blink. */
export const LOG_FLUSH_MS = 100;
/** At most this much is held while standard output is busy; past it lines are dropped and counted. */
export const LOG_MAX_HELD_BYTES = 4 * 1024 * 1024;

/** What each writer does when the process exits without a graceful flush (an error, a second signal). */
const atExit = new Set<() => void>();
(globalThis as { process?: { once(event: 'exit', listener: () => void): void } }).process?.once('exit', () => {
  for (const write of atExit) write();
});

const encoder = new TextEncoder();

/** Lines one event-loop turn may hold before the writer has them (a turn answers far fewer requests). */
const MAX_LINES_PER_TURN = 10_000;

/** Runs `task` once the current event-loop turn is over (Node, Bun and Deno have setImmediate). */
const nextTurn: (task: () => void) => void =
  (globalThis as { setImmediate?: (task: () => void) => unknown }).setImmediate ?? ((task) => void setTimeout(task, 0));

const line = (message: string, fields?: Record<string, unknown>) => `[sleeve] ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`;

// A CommonJS module: Node's ESM loader gives only its default export, the class, which carries itself as `.SonicBoom`.
const { SonicBoom } = sonicBoom as unknown as { SonicBoom: typeof Writer };

export interface StdoutLogOptions {
  /** The file descriptor lines go to (default 1, standard output). */
  fd?: number;
  /** Where the writer's own troubles are said (default: standard error). */
  warn?: (text: string) => void;
  batchBytes?: number;
  maxHeldBytes?: number;
}

export interface StdoutLogger extends Logger {
  /** Resolves once every line held has been written (or could not be). */
  flush(): Promise<void>;
  /** Lines dropped so far and not yet reported. */
  readonly dropped: number;
}

export function stdoutLogger(options: StdoutLogOptions = {}): StdoutLogger {
  const warn = options.warn ?? ((text: string) => console.error(text));
  const out = new SonicBoom({
    fd: options.fd ?? 1,
    minLength: options.batchBytes ?? LOG_BATCH_BYTES,
    maxWrite: MAX_WRITE_BYTES,
    maxLength: options.maxHeldBytes ?? LOG_MAX_HELD_BYTES,
    periodicFlush: LOG_FLUSH_MS,
    // Bytes, not text: sonic-boom measures its last text chunk's UTF-8 length again on every
    // write (up to `maxWrite` bytes a line, 10 µs at 64 KiB), where it only adds a byte array's.
    contentMode: 'buffer',
  });
  let dropped = 0;
  let broken = false;
  let refused = false;
  out.on('drop', () => (refused = true));
  // A closed standard output (EPIPE) must not end the service: lines are counted as dropped.
  out.on('error', (error: Error) => {
    if (!broken) warn(line('standard output failed: request lines are dropped from now on', { error: error.message }));
    broken = true;
  });
  const report = () => {
    if (dropped === 0) return;
    warn(line(`${dropped} log lines dropped: standard output could not keep up`));
    dropped = 0;
  };
  // This turn's lines: a request only pushes its line; joining, encoding and handing them to
  // sonic-boom is done once per event-loop turn, after the turn's answers are out.
  let turn: string[] = [];
  const handOver = () => {
    const lines = turn;
    turn = [];
    if (lines.length === 0) return;
    if (broken) return void (dropped += lines.length);
    refused = false;
    out.write(encoder.encode(`${lines.join('\n')}\n`) as unknown as string);
    if (refused) dropped += lines.length;
    // These got through after some did not: the flood is over, so its count is said once.
    else report();
  };
  const write = (text: string) => {
    if (turn.length >= MAX_LINES_PER_TURN) return void dropped++;
    if (turn.push(text) === 1) nextTurn(handOver);
  };
  const flush = () =>
    new Promise<void>((resolve) => {
      handOver();
      if (broken) return resolve(report());
      // Waits for a write under way: flushSync would put what is held before it.
      out.flush(() => resolve(report()));
    });
  atExit.add(() => {
    handOver();
    if (!broken) {
      try {
        out.flushSync();
      } catch {
        // the output is gone: nothing more to do on the way out
      }
    }
    report();
  });
  return {
    info: (message, fields) => write(line(message, fields)),
    error: (message, fields) => warn(line(message, fields)),
    request: write,
    flush,
    get dropped() {
      return dropped;
    },
  };
}
