/**
 * @module
 * HTTP/1.1 over a raw `node:net` socket: sends exactly the bytes a case describes (methods
 * fetch refuses, lying `Content-Length`, malformed request lines, `Upgrade` headers, bodies
 * far past any limit) and reads one answer with a deadline. An answer that has not fully
 * arrived by the deadline is a hang, reported, never waited on; a connection closed with no
 * whole answer is "dropped". Nothing here retries.
 */
import { connect, type Socket } from 'node:net';
import { DEADLINE_MS } from './_config.ts';

type Outcome = 'answered' | 'hang' | 'dropped' | 'refused';

export interface RawAnswer {
  outcome: Outcome;
  /** 0 when no status line came. */
  status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: Buffer;
  /** Until the whole answer (or the deadline, or the close). */
  ms: number;
  /** Body bytes written before the answer came or the connection closed. */
  bodySent: number;
  /** `101` switching or an event stream: only the head is read. */
  streaming: boolean;
}

export interface RawRequest {
  /** The request line and headers, CRLFs included, or the whole malformed request. */
  head: Buffer | string;
  /** Bytes sent after the head, or `fill` bytes of `a` streamed (never held in memory). */
  body?: Buffer | { fill: number };
  /** Whether the request is a HEAD (no body in the answer). */
  isHead?: boolean;
  deadlineMs?: number;
  /** Write the head (and body), then destroy the socket without reading: a client that leaves. */
  abandon?: boolean;
  /**
   * Before a large body (64 KiB or more), wait this long for an early answer, as curl does with
   * `Expect: 100-continue` (default 250 ms; 0 streams at once). A server answering from the
   * `Content-Length` alone (413, 405) is then read cleanly instead of racing the TCP reset that
   * closing a connection with unread input causes.
   */
  holdBodyMs?: number;
}

const READ_CAP = 4 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

export function rawRequest(port: number, request: RawRequest, host = '127.0.0.1'): Promise<RawAnswer> {
  const started = performance.now();
  const deadlineMs = request.deadlineMs ?? DEADLINE_MS;
  return new Promise((resolve) => {
    const socket: Socket = connect({ port, host });
    socket.setNoDelay(true);
    let buffer: Buffer = Buffer.alloc(0);
    let headEnd = -1;
    let status = 0;
    let headers: Record<string, string> = {};
    let bodySent = 0;
    let settled = false;
    let headArrived = false;

    const finish = (outcome: Outcome, body: Buffer = Buffer.alloc(0), streaming = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ outcome, status, headers, body, ms: performance.now() - started, bodySent, streaming });
    };
    const timer = setTimeout(() => finish('hang', headEnd >= 0 ? buffer.subarray(headEnd) : buffer), deadlineMs);

    const parse = (closed: boolean) => {
      for (;;) {
        if (headEnd < 0) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) {
            if (closed) return finish('dropped', buffer);
            return;
          }
          headArrived = true;
          const lines = buffer.subarray(0, end).toString('latin1').split('\r\n');
          const m = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(lines[0] ?? '');
          status = m ? Number(m[1]) : -1;
          headers = {};
          for (const line of lines.slice(1)) {
            const colon = line.indexOf(':');
            if (colon <= 0) continue;
            const name = line.slice(0, colon).trim().toLowerCase();
            const value = line.slice(colon + 1).trim();
            headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
          }
          // An interim answer (100 Continue): the real one follows.
          if (status >= 100 && status < 200 && status !== 101) {
            buffer = buffer.subarray(end + 4);
            continue;
          }
          headEnd = end + 4;
        }
        const body = buffer.subarray(headEnd);
        if (status === 101) return finish('answered', body, true);
        if (request.isHead || status === 204 || status === 304) return finish('answered', Buffer.alloc(0));
        if ((headers['content-type'] ?? '').includes('text/event-stream')) return finish('answered', body, true);
        if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
          const decoded = dechunk(body);
          if (decoded) return finish('answered', decoded);
          if (closed) return finish('dropped', body);
          if (body.length > READ_CAP) return finish('answered', body);
          return;
        }
        const length = headers['content-length'];
        if (length !== undefined && /^\d+$/.test(length)) {
          if (body.length >= Number(length)) return finish('answered', body.subarray(0, Number(length)));
          if (closed) return finish('dropped', body);
          if (body.length > READ_CAP) return finish('answered', body);
          return;
        }
        // Neither: the body runs to the close.
        if (closed || body.length > READ_CAP) return finish('answered', body);
        return;
      }
    };

    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      parse(false);
    });
    socket.on('end', () => parse(true));
    socket.on('close', () => parse(true));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') return finish('refused');
      // A reset after the server answered and closed (it would not read the rest): read what came.
      parse(true);
    });

    socket.once('connect', () => {
      socket.write(request.head);
      const body = request.body;
      if (body === undefined) {
        if (request.abandon) finish('dropped');
        return;
      }
      const size = Buffer.isBuffer(body) ? body.length : body.fill;
      const hold = size >= 64 * 1024 ? (request.holdBodyMs ?? 250) : 0;
      if (hold > 0) setTimeout(() => !settled && !headArrived && sendBody(body), hold);
      else sendBody(body);
    });

    const sendBody = (body: Buffer | { fill: number }) => {
      if (Buffer.isBuffer(body)) {
        socket.write(body);
        bodySent = body.length;
        if (request.abandon) finish('dropped');
        return;
      }
      // Stream `fill` bytes, stopping as soon as an answer starts or the socket goes.
      const pump = () => {
        while (!settled && !headArrived && !socket.destroyed && bodySent < body.fill) {
          const n = Math.min(CHUNK.length, body.fill - bodySent);
          bodySent += n;
          if (!socket.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))) return void socket.once('drain', pump);
        }
        if (request.abandon && !settled) finish('dropped');
      };
      pump();
    };
  });
}

/** The body of a complete chunked encoding, or null while incomplete. */
function dechunk(data: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1').split(';')[0]!.trim(), 16);
    if (!Number.isFinite(size)) return Buffer.concat(parts);
    if (size === 0) return data.indexOf('\r\n', lineEnd + 2) >= 0 ? Buffer.concat(parts) : null;
    if (data.length < lineEnd + 2 + size + 2) return null;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** A request head from parts: `GET /x HTTP/1.1`, headers in order (names as given). */
export function buildHead(
  method: string,
  target: string,
  headers: readonly (readonly [string, string])[],
  version = 'HTTP/1.1',
): Buffer {
  const lines = [`${method} ${target} ${version}`, ...headers.map(([name, value]) => `${name}: ${value}`), '', ''];
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

/** A plain GET with the suite's User-Agent, for checks that are not about hostile input. */
export function get(
  port: number,
  target: string,
  extra: readonly (readonly [string, string])[] = [],
  deadlineMs?: number,
): Promise<RawAnswer> {
  const head = buildHead('GET', target, [
    ['Host', `127.0.0.1:${port}`],
    ['User-Agent', 'SleeveReliability/1.0 (reliability@example.com)'],
    ['Connection', 'close'],
    ...extra,
  ]);
  return rawRequest(port, { head, deadlineMs });
}

/** The body as JSON, or undefined when it is not JSON. */
export function json(answer: RawAnswer): any {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** One line describing an answer, for failure messages: status, outcome, time, body start. */
export function describeAnswer(answer: RawAnswer): string {
  const body = answer.body.toString('utf8').slice(0, 240).replace(/\s+/g, ' ');
  const what =
    answer.outcome === 'answered'
      ? `${answer.status}`
      : `${answer.outcome}${answer.status ? ` (status ${answer.status} seen)` : ''}`;
  return `${what} in ${Math.round(answer.ms)} ms${body ? `: ${body}` : ' (empty body)'}`;
}

/** Runs of 32 or more of one letter or digit written `{{h*15552}}` (`_send.ts` expands them). */
function compress(text: string): string {
  return text.replace(/([A-Za-z0-9])\1{31,}/g, (run, ch: string) => `{{${ch}*${run.length}}}`);
}

export function expand(text: string): string {
  return text.replace(/\{\{([A-Za-z0-9])\*(\d+)\}\}/g, (_, ch: string, n: string) => ch.repeat(Number(n)));
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

/** A command that sends the same bytes again: `npx tsx test/reliability/_send.ts $PORT '<JSON string>' [--body …|--fill N]`. */
export function reproduction(head: Buffer | string, body?: RawRequest['body']): string {
  const text = typeof head === 'string' ? head : head.toString('latin1');
  const tail =
    body === undefined
      ? ''
      : Buffer.isBuffer(body)
        ? ` --body ${shellQuote(JSON.stringify(compress(body.toString('latin1'))))}`
        : ` --fill ${body.fill}`;
  return `npx tsx test/reliability/_send.ts $PORT ${shellQuote(JSON.stringify(compress(text)))}${tail}`;
}
