/**
 * @module
 * A WebSocket client at the byte level, for what the `ws` client will not send: a frame whose
 * header declares a large payload that never comes whole (D57). Opens `/nowplaying/socket`,
 * then reads the server's frames as they come and tells when the connection closed.
 */
import { connect, type Socket } from 'node:net';
import type WebSocket from 'ws';
import { UA } from './client.ts';

interface RawSocket {
  /** Writes bytes as they are. */
  write(bytes: Buffer): void;
  /** Resolves true once the server closed the connection, false if it has not within `ms`. */
  closedWithin(ms: number): Promise<boolean>;
  /** The code of the server's close frame, if one came. */
  closeCode(): number | undefined;
  destroy(): void;
}

const MASK = Buffer.from([0x12, 0x34, 0x56, 0x78]);

/** A client frame's header (FIN set, masked, as RFC 6455 requires of a client) declaring `length` bytes. */
function frameHeader(opcode: number, length: number): Buffer {
  const first = 0x80 | opcode;
  if (length < 126) return Buffer.concat([Buffer.from([first, 0x80 | length]), MASK]);
  if (length < 65_536) {
    const head = Buffer.from([first, 0x80 | 126, 0, 0]);
    head.writeUInt16BE(length, 2);
    return Buffer.concat([head, MASK]);
  }
  const head = Buffer.alloc(10);
  head[0] = first;
  head[1] = 0x80 | 127;
  head.writeBigUInt64BE(BigInt(length), 2);
  return Buffer.concat([head, MASK]);
}

/** The code of the first close frame (opcode 8) among the server's unmasked frames. */
function closeCodeIn(bytes: Buffer): number | undefined {
  let at = 0;
  while (at + 2 <= bytes.length) {
    const opcode = bytes[at]! & 0x0f;
    let length = bytes[at + 1]! & 0x7f;
    let start = at + 2;
    if (length === 126) {
      if (start + 2 > bytes.length) return undefined;
      length = bytes.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      if (start + 8 > bytes.length) return undefined;
      length = Number(bytes.readBigUInt64BE(start));
      start += 8;
    }
    if (start + length > bytes.length) return undefined;
    if (opcode === 8) return length >= 2 ? bytes.readUInt16BE(start) : 1005;
    at = start + length;
  }
  return undefined;
}

/** Opens `/nowplaying/socket` on `baseUrl` and resolves once the server answered 101. */
function openRawSocket(baseUrl: string): Promise<RawSocket> {
  const { hostname, port } = new URL(baseUrl);
  const socket: Socket = connect(Number(port), hostname);
  let buffer = Buffer.alloc(0);
  let frames: Buffer | undefined;
  let closed = false;
  const closing = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closing.then(() => (closed = true));
  socket.on('error', () => {}); // a reset is a close too
  return new Promise((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      if (frames) return void (frames = Buffer.concat([frames, chunk]));
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const status = buffer.subarray(0, end).toString('latin1').split('\r\n')[0] ?? '';
      if (!/^HTTP\/1\.1 101 /.test(status)) return reject(new Error(`no upgrade: ${status}`));
      frames = buffer.subarray(end + 4);
      resolve({
        write: (bytes) => void socket.write(bytes),
        closedWithin: async (ms) => {
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<void>((done) => (timer = setTimeout(done, ms)));
          await Promise.race([closing, late]);
          clearTimeout(timer);
          return closed;
        },
        closeCode: () => closeCodeIn(frames ?? Buffer.alloc(0)),
        destroy: () => void socket.destroy(),
      });
    });
    socket.once('close', () => reject(new Error('closed before the upgrade')));
    socket.write(
      [
        'GET /nowplaying/socket HTTP/1.1',
        `Host: ${hostname}:${port}`,
        `User-Agent: ${UA}`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        '',
        '',
      ].join('\r\n'),
    );
  });
}

/** How long a test waits for the server to close: far above a close that comes at once, on a busy machine. */
const CLOSE_WAIT_MS = 5_000;

export const MiB = 1024 * 1024;

/**
 * D57's first proof: a binary frame declaring `declared` bytes, of which only 4 KiB come.
 * Answers whether the server closed the connection within the wait, and its close code.
 */
export async function unfinishedLargeMessage(
  baseUrl: string,
  declared: number,
): Promise<{ closed: boolean; code: number | undefined }> {
  const socket = await openRawSocket(baseUrl);
  try {
    socket.write(Buffer.concat([frameHeader(2, declared), Buffer.alloc(4096, 0x61)]));
    const closed = await socket.closedWithin(CLOSE_WAIT_MS);
    return { closed, code: socket.closeCode() };
  } finally {
    socket.destroy();
  }
}

/**
 * D57's second proof, with the `ws` client: a ping is answered (control frames still work),
 * then a small text message closes the socket. Answers whether the pong came and the close code.
 */
export async function smallTextMessage(socket: WebSocket): Promise<{ pong: boolean; code: number | undefined }> {
  const pong = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), CLOSE_WAIT_MS);
    socket.once('pong', () => {
      clearTimeout(timer);
      resolve(true);
    });
    socket.ping();
  });
  const code = await new Promise<number | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), CLOSE_WAIT_MS);
    socket.once('close', (closeCode: number) => {
      clearTimeout(timer);
      resolve(closeCode);
    });
    socket.send('hello');
  });
  if (code === undefined) socket.terminate();
  return { pong, code };
}
