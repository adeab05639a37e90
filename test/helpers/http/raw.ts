/**
 * @module
 * Raw HTTP/1.1 over a TCP socket, for what `fetch` refuses to send: TRACE, a Content-Length
 * the body does not match, a body cut off by a disconnect, a WebSocket handshake read as
 * plain HTTP. Answers the first response (status, headers, body) or `null` when none came
 * within the wait.
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from sending to the complete answer. */
  ms: number;
}

/** Parses one response from the bytes so far; null while it is incomplete. */
function parse(buffer: Buffer, ended: boolean): Omit<RawAnswer, 'ms'> | null {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  const rest = buffer.subarray(end + 4);
  if (status === 101) return { status, headers, body: '' };
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    return rest.length >= length ? { status, headers, body: rest.subarray(0, length).toString('utf8') } : null;
  }
  if (headers['transfer-encoding']?.includes('chunked')) {
    let at = 0;
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
      if (size === 0) return { status, headers, body: Buffer.concat(parts).toString('utf8') };
      if (rest.length < lineEnd + 2 + size + 2) return null;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  return ended ? { status, headers, body: rest.toString('utf8') } : null;
}

export interface RawOptions {
  /** Give up (answer null) after this long without a complete response. */
  waitMs?: number;
  /** Called once the request is written, e.g. to send more or to cut the connection. */
  afterWrite?(socket: Socket): void;
}

/** Sends `head` (and `body`) as written, and reads the first response. */
export function raw(url: string, request: string | Buffer, options: RawOptions = {}): Promise<RawAnswer | null> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let buffer = Buffer.alloc(0);
  const started = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: RawAnswer | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(null), options.waitMs ?? 3000);
    const check = (ended: boolean) => {
      const answer = parse(buffer, ended);
      if (answer) finish({ ...answer, ms: performance.now() - started });
      else if (ended) finish(null);
    };
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      check(false);
    });
    socket.on('end', () => check(true));
    socket.on('close', () => check(true));
    socket.on('error', () => check(true));
    socket.write(request, () => options.afterWrite?.(socket));
  });
}

/** A request head with Host, the given headers and a blank line. */
export function head(method: string, path: string, headers: Record<string, string | number> = {}): string {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: sleeve.test',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** The headers of a well-formed WebSocket handshake (RFC 6455). */
export const HANDSHAKE: Record<string, string> = {
  Connection: 'Upgrade',
  Upgrade: 'websocket',
  'Sec-WebSocket-Version': '13',
  'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
};
