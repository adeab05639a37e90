/**
 * The servers' request-log writer (`adapters/shared/stdout-log.ts`, issue #22): lines are held and
 * written in batches, what is held is bounded (a flood drops lines, counted and said once), and
 * `flush()` writes everything held. Written to a real file descriptor.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LOG_BATCH_BYTES,
  stdoutLogger as makeLogger,
  type StdoutLogger,
  type StdoutLogOptions,
} from '../../../adapters/shared/stdout-log.ts';
import { jsonLine, type RequestRecord } from '../../../core/index.ts';

const stdoutLogger = (options: StdoutLogOptions) => {
  const log = makeLogger(options);
  loggers.push(log);
  return log;
};

const dir = mkdtempSync(join(tmpdir(), 'sleeve-log-'));
let fds: number[] = [];
let loggers: StdoutLogger[] = [];
const file = (name: string) => {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  fds.push(fd);
  return { fd, read: () => readFileSync(path, 'utf8') };
};
/** A pipe (a FIFO held open at both ends) that nobody reads until `read()`: standard output piped to a log shipper. */
const pipe = (name: string) => {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  const fd = openSync(path, 'r+');
  fds.push(fd);
  return {
    fd,
    read: () => {
      const bytes = Buffer.alloc(1 << 16);
      return bytes.subarray(0, readSync(fd, bytes)).toString('utf8');
    },
  };
};
afterEach(async () => {
  // A logger's periodic flush must not write into a later test's file once its descriptor is reused.
  for (const log of loggers) await log.flush();
  loggers = [];
  for (const fd of fds) closeSync(fd);
  fds = [];
});

const line = (i: number) => `{"id":${i},"pad":"${'x'.repeat(80)}"}`;

describe('stdoutLogger', () => {
  it('holds lines until a batch is full, then writes them in order; flush() writes the rest', async () => {
    const out = file('batches.log');
    const log = stdoutLogger({ fd: out.fd });
    let held = 0;
    let count = 0;
    for (; held + line(count).length + 1 < LOG_BATCH_BYTES; count++) {
      log.request!(line(count));
      held += line(count).length + 1;
    }
    // Fewer bytes than a batch: nothing written yet, not one write per line.
    expect(out.read()).toBe('');
    for (const end = count + 4; count < end; count++) log.request!(line(count));
    log.info('event', { n: 1 });
    await log.flush();
    const lines = out.read().trimEnd().split('\n');
    expect(lines).toEqual([...Array.from({ length: count }, (_, i) => line(i)), '[sleeve] event {"n":1}']);
  });

  it('writes a quiet server’s lines within its flush interval', async () => {
    const out = file('quiet.log');
    const log = stdoutLogger({ fd: out.fd });
    log.request!(line(1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(out.read()).toBe(`${line(1)}\n`);
  });

  it('writes a batch to a file at once, in the call that fills it: no reader can hold a file up', () => {
    const out = file('at-once.log');
    const log = stdoutLogger({ fd: out.fd, batchBytes: 3 * line(0).length });
    for (let i = 0; i < 3; i++) log.request!(line(i));
    expect(out.read()).toBe(`${line(0)}\n${line(1)}\n${line(2)}\n`);
  });

  it('writes to a pipe asynchronously, holding at most maxHeldBytes while a write is under way: a flood drops lines, and their number is said once', async () => {
    const out = pipe('flood.pipe');
    const warnings: string[] = [];
    // Every line is its own batch: the first is written at once, the next wait behind it.
    const log = stdoutLogger({
      fd: out.fd,
      batchBytes: 1,
      maxHeldBytes: 10 * (line(0).length + 1),
      warn: (text) => warnings.push(text),
    });
    for (let i = 0; i < 50; i++) log.request!(line(i));
    expect(log.dropped).toBe(40);
    expect(warnings).toEqual([]);
    await log.flush();
    expect(out.read().trimEnd().split('\n')).toEqual(Array.from({ length: 10 }, (_, i) => line(i)));
    expect(warnings).toEqual(['[sleeve] 40 log lines dropped: standard output could not keep up']);
    log.request!(line(99));
    await log.flush();
    expect(warnings).toHaveLength(1);
    expect(log.dropped).toBe(0);
  });

  it('writes a line longer than a batch whole, in its place', async () => {
    const out = file('long.log');
    const log = stdoutLogger({ fd: out.fd });
    const long = `{"pad":"${'é'.repeat(40_000)}"}`;
    log.request!(line(1));
    log.request!(long);
    for (let i = 2; i < 700; i++) log.request!(line(i));
    await log.flush();
    const lines = out.read().trimEnd().split('\n');
    expect(lines).toHaveLength(700);
    expect(lines[0]).toBe(line(1));
    expect(lines[1]).toBe(long);
    expect(lines.slice(2)).toEqual(Array.from({ length: 698 }, (_, i) => line(i + 2)));
  });

  it('errors go to standard error at once, unbatched', () => {
    const out = file('errors.log');
    const warnings: string[] = [];
    const log = stdoutLogger({ fd: out.fd, warn: (text) => warnings.push(text) });
    log.error('boom', { requestId: 'r1' });
    expect(warnings).toEqual(['[sleeve] boom {"requestId":"r1"}']);
    expect(out.read()).toBe('');
  });

  it('counts a batch in bytes, and hands on what waits before a line that may not fit after it', async () => {
    const out = file('bytes.log');
    const log = stdoutLogger({ fd: out.fd });
    const [a10, a20] = ['a'.repeat(10_000), 'a'.repeat(20_000)];
    const [e12, e16] = ['é'.repeat(12_000), 'é'.repeat(16_000)];
    log.request!(a10);
    expect(out.read()).toBe('');
    // 22,002 characters but 34,002 bytes: a batch.
    log.request!(e12);
    expect(out.read()).toBe(`${a10}\n${e12}\n`);
    log.request!(a20);
    // Up to 48,001 bytes, as far as the writer can tell before encoding, after 20,001 waiting:
    // more than the chunk holds, so what waits goes first, and the wide line (32,001 bytes) waits.
    log.request!(e16);
    expect(out.read()).toBe(`${a10}\n${e12}\n${a20}\n`);
    await log.flush();
    expect(out.read()).toBe(`${a10}\n${e12}\n${a20}\n${e16}\n`);
  });

  it("writes request records as jsonLine's text, in their place among other lines, across batches", async () => {
    const out = file('records.log');
    const log = stdoutLogger({ fd: out.fd, batchBytes: 4096 });
    const record = (i: number): RequestRecord => ({
      time: 1_764_126_000_000 + i * 7.3,
      id: `id-${i}`,
      method: 'GET',
      url: `http://127.0.0.1:8787/search/all?query=${i}`,
      route: '/search/all',
      status: 200,
      ms: i / 10,
      cache: 'HIT',
      ip: '::ffff:127.0.0.1',
      upstream: i % 3,
    });
    // What the bytes cannot say as they are: a path cut with `…`, an address to escape.
    const odd = (i: number): RequestRecord => ({ ...record(i), url: `http://h.test/${'x'.repeat(600)}`, ip: 'a"é\n' });
    const expected: string[] = [];
    for (let i = 0; i < 200; i++) {
      const r = i % 50 === 7 ? odd(i) : record(i);
      log.requestRecord!(r);
      expected.push(jsonLine(r));
      if (i % 30 === 0) {
        log.request!(line(i));
        expected.push(line(i));
      }
    }
    // Batches were written while lines came, whole lines each time.
    expect(out.read().endsWith('\n')).toBe(true);
    expect(out.read().length).toBeGreaterThan(4096);
    await log.flush();
    expect(out.read().trimEnd().split('\n')).toEqual(expected);
  });
});
