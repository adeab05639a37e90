/**
 * @module
 * What Node's HTTP parser refuses before any handler runs, answered as Sleeve answers
 * everything (D3) instead of Node's bare `400 Bad Request` with no body. One case is
 * answered for real: a request line holding raw bytes past 0x7F (a chat bot's
 * `/spotify/cover?artist=Björk`), which Bun and Deno pass on and Node refuses
 * (`HPE_INVALID_URL`): those bytes are percent-encoded and the request goes through Sleeve.
 */
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { SleeveError } from '../../core/errors.ts';
import { rawTarget, refusal } from './refusal.ts';
import { urlProblem } from './target.ts';

type Handle = (request: Request, clientIp: string | undefined) => Response | Promise<Response>;

interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/** Node's parser codes, as a caller should read them. */
const REFUSALS: Readonly<Record<string, string>> = {
  HPE_HEADER_OVERFLOW: 'The request headers are too large.',
  HPE_INVALID_METHOD: 'Unknown request method.',
};
const MALFORMED = 'The request is malformed.';

/**
 * A GET or HEAD whose only fault is raw non-ASCII bytes in its target, as a web Request; its
 * Host and encoded target then meet the check every other request meets (`urlProblem`), whose
 * refusal is answered in its place.
 */
function withEncodedTarget(packet: Buffer | undefined): Request | { problem: string; target: string } | null {
  if (!packet) return null;
  const text = packet.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [line = '', ...fields] = text.slice(0, end).split('\r\n');
  const match = /^(GET|HEAD) (\/[^ ]*) HTTP\/1\.[01]$/.exec(line);
  if (!match) return null;
  const target = match[2]!.replace(/[\x80-\xff]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  if (/[\x00-\x20\x7f]/.test(target)) return null;
  const headers = new Headers();
  for (const field of fields) {
    const colon = field.indexOf(':');
    if (colon <= 0) return null;
    try {
      headers.append(field.slice(0, colon).trim(), field.slice(colon + 1).trim());
    } catch {
      return null;
    }
  }
  const host = headers.get('host') ?? undefined;
  const problem = urlProblem(host, target);
  if (problem !== null) return { problem, target };
  return new Request(`http://${host}${target}`, { method: match[1], headers });
}

/** Writes a whole web Response on a raw socket, then closes it (`Connection: close`). */
export async function writeResponse(socket: Socket, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const head = [`HTTP/1.1 ${response.status} ${response.statusText || STATUS_CODES[response.status] || 'Status'}`];
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'connection' && name !== 'transfer-encoding')
      head.push(`${name}: ${value}`);
  });
  head.push(`content-length: ${body.length}`, 'connection: close', '', '');
  socket.end(Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), body]));
}

/** `basePath`: the host's (`/music`), so a refused `/music/v2.5.0/…` still answers in 2.5.0's shape. */
export function answerClientErrors(server: Server, handle: Handle, basePath = ''): void {
  server.on('clientError', (error: ParserError, socket: Socket) => {
    // A reset or a client too slow to send its headers is waiting for no answer.
    if (!socket.writable || error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
      return void socket.destroy();
    const mended = error.code === 'HPE_INVALID_URL' ? withEncodedTarget(error.rawPacket) : null;
    // Refused in the shape of the version its target pins (D7), as far as the line can be read.
    const answer = Promise.resolve(
      mended instanceof Request
        ? handle(mended, socket.remoteAddress)
        : mended !== null
          ? refusal(mended.target, new SleeveError('bad_request', mended.problem, { param: 'Host' }), basePath)
          : refusal(
              rawTarget(error.rawPacket?.toString('latin1') ?? ''),
              new SleeveError('bad_request', REFUSALS[error.code ?? ''] ?? MALFORMED),
              basePath,
            ),
    );
    answer.then((response) => writeResponse(socket, response)).catch(() => socket.destroy());
  });
}
