/**
 * @module
 * The servers' logger (D20): lines go to standard output through one batching writer instead
 * of a `console.log` each, which is one synchronous write per request and costs hits up to half
 * their throughput. Each line is written as it comes into one chunk of bytes, a
 * request's straight from its record (`encodeJsonLine`); once `LOG_BATCH_BYTES` wait, or
 * `LOG_FLUSH_MS` after the first of them, the batch's bytes are handed to `sonic-boom`, pino's
 * writer, which writes them in one call, keeps writes in order and retries a busy pipe; it runs
 * on Node, Bun and Deno alike (through `node:fs`). Nothing runs while no line waits: no timer
 * ticks on an idle server.
 *
 * A batch goes to a file, a terminal or /dev/null at once, synchronously, as Node writes its own
 * `process.stdout` to them: no reader can hold such a write up, and an asynchronous one goes
 * through the runtime's thread pool, which costs Bun 0.2-0.4 µs a line (a hand-off per batch
 * on a busy machine). A pipe or a socket (a log shipper,
 * journald) is written asynchronously, since its reader may stall: then what is held is bounded,
 * what waits (a chunk of two batches' worth) and what
 * sonic-boom has not written yet (`LOG_MAX_HELD_BYTES`). When standard output cannot keep up
 * (a stalled pipe, a flood), new lines are dropped, never queued without end, and the number
 * dropped is said once on standard error when lines get through again (or at exit). Errors go
 * straight to standard error, unbatched: they are rare, and the one line worth having when a
 * process dies.
 * `flush()` (called by `Sleeve.close()` on a graceful exit) writes what is held, in order,
 * after any write under way; on any other exit what is held is written at once.
 */
import { Buffer } from 'node:buffer';
import { fstatSync } from 'node:fs';
import sonicBoom, { type SonicBoom as Writer } from 'sonic-boom';
import { encodeJsonLine, jsonLine, type Logger, type RequestRecord } from '../../core/index.ts';

/** Lines are handed on once this many bytes wait (about 130 request lines: one write where there were as many)... */
export const LOG_BATCH_BYTES = 32 * 1024;
/** ...or this long after the first of them, so a quiet server's lines still show within a blink. */
const LOG_FLUSH_MS = 100;
/** At most this much waits in sonic-boom while standard output is busy; past it lines are dropped and counted. */
const LOG_MAX_HELD_BYTES = 4 * 1024 * 1024;
/** What one write may carry when sonic-boom joins batches that waited behind a write under way. */
const MAX_WRITE_BYTES = 128 * 1024;

/** What each writer does when the process exits without a graceful flush (an error, a second signal). */
const atExit = new Set<() => void>();
(globalThis as { process?: { once(event: 'exit', listener: () => void): void } }).process?.once('exit', () => {
  for (const write of atExit) write();
});

const line = (message: string, fields?: Record<string, unknown>) =>
  `[sleeve] ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`;

// A CommonJS module: Node's ESM loader gives only its default export, the class, which carries itself as `.SonicBoom`.
const { SonicBoom } = sonicBoom as unknown as { SonicBoom: typeof Writer };

/** Whether writing to `fd` never waits on a reader: a file, a terminal or /dev/null, not a pipe or a socket. */
function writtenAtOnce(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isFile() || stat.isCharacterDevice();
  } catch {
    return false;
  }
}

/** `line` and a newline into `out` from `at` (at most 3 bytes a UTF-16 unit): the end, or -1 when it may not fit. */
function textInto(line: string, out: Buffer, at: number): number {
  if (at + 3 * line.length + 1 > out.length) return -1;
  at += out.write(line, at);
  out[at] = 10;
  return at + 1;
}
const lineText = (line: string) => `${line}\n`;
const recordText = (record: RequestRecord) => `${jsonLine(record)}\n`;

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
  const batchBytes = options.batchBytes ?? LOG_BATCH_BYTES;
  const fd = options.fd ?? 1;
  const out = new SonicBoom({
    fd,
    sync: writtenAtOnce(fd),
    // Batches are made here; sonic-boom writes each as it comes, or after the write under way.
    minLength: 0,
    maxWrite: MAX_WRITE_BYTES,
    maxLength: options.maxHeldBytes ?? LOG_MAX_HELD_BYTES,
    // Bytes, not text: sonic-boom would measure a text's UTF-8 length again on every write.
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

  // Lines are written into the chunk while their parts are fresh; what it holds is copied out
  // when handed on, so one chunk serves (a V8 text appended line after line is flattened slowly,
  // walking its pieces cold: 0.6 µs a hit on Node).
  const chunk = Buffer.allocUnsafeSlow(Math.max(2 * batchBytes, 64 * 1024));
  let used = 0;
  let waiting = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Hands sonic-boom one write's worth, counting its lines as dropped when it is refused. */
  const give = (bytes: Uint8Array, lines: number) => {
    if (broken) return void (dropped += lines);
    refused = false;
    out.write(bytes as unknown as string);
    if (refused) dropped += lines;
    // These got through after some did not: the flood is over, so its count is said once.
    else report();
  };
  const handOver = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (waiting === 0) return;
    const bytes = Buffer.from(chunk.subarray(0, used));
    const lines = waiting;
    used = 0;
    waiting = 0;
    give(bytes, lines);
  };
  /**
   * Holds one line, written into the chunk by `into` (its end, or -1 when it may not fit): a line
   * that may not fit goes after what waits, alone if it must.
   */
  const hold = <T>(item: T, into: (item: T, out: Buffer, at: number) => number, text: (item: T) => string) => {
    let end = into(item, chunk, used);
    if (end < 0) {
      handOver();
      end = into(item, chunk, 0);
      if (end < 0) return give(Buffer.from(text(item)), 1);
    }
    used = end;
    waiting++;
    if (used >= batchBytes) handOver();
    else if (timer === undefined) {
      timer = setTimeout(handOver, LOG_FLUSH_MS);
      (timer as { unref?: () => void }).unref?.();
    }
  };
  const write = (line: string) => hold(line, textInto, lineText);
  const writeRecord = (record: RequestRecord) => hold(record, encodeJsonLine, recordText);
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
    requestRecord: writeRecord,
    flush,
    get dropped() {
      return dropped;
    },
  };
}
