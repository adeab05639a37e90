/**
 * @module
 * The tests' raw HTTP/1.1 client, over a `node:net` socket, for what `fetch` refuses or hides:
 * TRACE, a Content-Length the body does not match, a body cut off by a disconnect, a WebSocket
 * handshake read as plain HTTP, an `Upgrade: h2c`, headers a byte at a time, a connection that
 * says nothing, and when the server closes. Two ways in: `raw` sends one request as written and
 * answers the first response (or `null` when none came within the wait); `rawConnect` keeps a
 * connection open, to write on it and read each response in turn. (The reliability suite has
 * its own, `test/reliability/_raw.ts`: it times each answer to a deadline and tells a hang from
 * a dropped connection, for figures of a real server under load.)
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

// A connection kept open.

interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  socket: Socket;
  /** Milliseconds from the connection to the server's close, once it closed. */
  closed: Promise<number>;
  isClosed(): boolean;
  write(bytes: string): void;
  /** The next whole response (Content-Length or chunked), or null if the server closes first. */
  response(timeoutMs?: number): Promise<RawResponse | null>;
  /** Everything received and not yet read as a response. */
  pending(): string;
  end(): void;
  destroy(): void;
}

/** `from`: the local address to connect from (any of 127/8 on loopback), to be another client. */
export function rawConnect(port: number, host = '127.0.0.1', from?: string): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ port, host, ...(from ? { localAddress: from } : {}) });
    let buffer = Buffer.alloc(0);
    let closed = false;
    let wake: () => void = () => {};
    const closedAt = new Promise<number>((done) =>
      socket.once('close', () => {
        closed = true;
        wake();
        done(Date.now() - started);
      }),
    );
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      wake();
    });
    socket.on('error', () => {}); // a reset is seen as a close
    socket.once('connect', () =>
      resolve({
        socket,
        closed: closedAt,
        isClosed: () => closed,
        write: (bytes) => void socket.write(Buffer.from(bytes, 'latin1')),
        end: () => void socket.end(),
        destroy: () => void socket.destroy(),
        pending: () => buffer.toString('latin1'),
        response: async (timeoutMs = 5_000) => {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const parsed = parseNext(buffer);
            if (parsed) {
              buffer = buffer.subarray(parsed.used);
              return parsed.response;
            }
            if (closed) return null;
            const left = deadline - Date.now();
            if (left <= 0)
              throw new Error(
                `no whole response within ${timeoutMs} ms; got ${JSON.stringify(buffer.toString('latin1').slice(0, 200))}`,
              );
            await new Promise<void>((done) => {
              const timer = setTimeout(done, left);
              wake = () => {
                clearTimeout(timer);
                done();
              };
            });
          }
        },
      }),
    );
    socket.once('error', reject);
  });
}

function parseNext(buffer: Buffer): { response: RawResponse; used: number } | null {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [line = '', ...fields] = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    headers[field.slice(0, colon).trim().toLowerCase()] = field.slice(colon + 1).trim();
  }
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(line)?.[1] ?? 0);
  const start = end + 4;
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
    const chunks: Buffer[] = [];
    let at = start;
    for (;;) {
      const lineEnd = buffer.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
      if (buffer.length < lineEnd + 2 + size + 2) return null;
      if (size === 0)
        return { response: { status, headers, body: Buffer.concat(chunks).toString('utf8') }, used: lineEnd + 4 };
      chunks.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  const length = Number(headers['content-length'] ?? 0);
  if (buffer.length < start + length) return null;
  return {
    response: { status, headers, body: buffer.subarray(start, start + length).toString('utf8') },
    used: start + length,
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Polls `check` until it holds or `timeoutMs` passes; answers whether it held. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(25);
  }
  return check();
}

/** `GET <path>` asking to switch to cleartext HTTP/2, as curl --http2 and the flood send it. */
export const h2cRequest = (path = '/healthz', extra = ''): string =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings${extra}\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n`;
