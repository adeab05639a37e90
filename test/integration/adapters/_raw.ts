/**
 * Raw HTTP/1.1 over `node:net`, for what `fetch` will not send (an `Upgrade: h2c`, headers a
 * byte at a time, a connection that says nothing) and for watching when the server closes.
 */
import { connect, type Socket } from 'node:net';

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
            const parsed = parse(buffer);
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

function parse(buffer: Buffer): { response: RawResponse; used: number } | null {
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

export const UA = 'limits-test/1.0 (limits@example.com)';
