/**
 * @module
 * Request bodies are what a client can push at the service without limit, so they are bounded
 * here, in one place. `bodyLimit()` runs before any route, for every path and prefix: a
 * declared `Content-Length` over the largest body any endpoint takes (64 KiB, `/batch`) is
 * refused at once, unread. Endpoints that take no body never read one. `readBody()` is the one
 * reader: it counts while streaming and stops at the limit (a missing or false length), gives
 * up on a client that declares more than it sends (a deadline), and turns a client that
 * vanishes mid-body into a client error, which is never logged as a bug.
 */
import { SleeveError } from '../../errors.ts';
import type { Layer } from '../pipeline.ts';
import type { Clock } from '../../drivers/kit/index.ts';

/** The largest body any endpoint accepts: a `/batch`. */
export const MAX_BODY_BYTES: number = 64 * 1024;

const DIGITS = /^\d{1,16}$/;

/** An answer that also asks the runtime to drop the connection instead of reading the rest. */
function tooLarge(max: number): SleeveError {
  return new SleeveError('payload_too_large', `A request body is at most ${max} bytes.`, {
    headers: { Connection: 'close' },
  });
}

/**
 * The global guard: runs before routing decides anything, so no path or prefix escapes it. It
 * judges a request that declares a body (a held hit's GET that does is left to it).
 */
export function bodyLimit(max: number = MAX_BODY_BYTES): Layer {
  return {
    kind: 'when',
    when: (request) => request.headers.has('content-length'),
    act: (c, next) => {
      const declared = c.req.header('content-length') ?? '';
      if (!DIGITS.test(declared.trim()))
        throw new SleeveError('bad_request', 'Content-Length must be a number of bytes.', {
          param: 'Content-Length',
        });
      if (Number(declared) > max) throw tooLarge(max);
      return next();
    },
  };
}

export interface ReadBodyOptions {
  /** Bytes; the read stops (413) as soon as more arrived. */
  max: number;
  /** Milliseconds for the whole body (400 when it has not all arrived by then). */
  timeoutMs: number;
  /** The Sleeve's timers (`deps.clock`), which time the body's deadline. */
  timer: Clock['timer'];
}

/** A rejection that says the client, not the service, failed: the error handler logs nothing. */
const abandoned = () =>
  new SleeveError('bad_request', 'The request body ended before it was complete.', { param: 'body' });

/** Reads the body as text within the limits; every way it can fail is a client error. */
async function readBody(request: Request, options: ReadBodyOptions): Promise<string> {
  const { max, timeoutMs } = options;
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > max) throw tooLarge(max);
  const reader = request.body?.getReader();
  if (!reader) return '';
  let stop = () => {};
  const deadline = new Promise<never>((_, reject) => {
    stop = options.timer(timeoutMs, () =>
      reject(
        new SleeveError('bad_request', `The request body did not arrive within ${timeoutMs / 1000} s.`, {
          param: 'body',
        }),
      ),
    );
  });
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  try {
    for (;;) {
      const read = await Promise.race([reader.read(), deadline]).catch((thrown: unknown) => {
        throw thrown instanceof SleeveError ? thrown : abandoned();
      });
      if (read.done) return text + decoder.decode();
      size += read.value.byteLength;
      if (size > max) throw tooLarge(max);
      text += decoder.decode(read.value, { stream: true });
    }
  } catch (thrown) {
    // Release the stream (and, through it, the connection's buffers) on every failure.
    reader.cancel().catch(() => {});
    throw thrown;
  } finally {
    stop();
  }
}

/**
 * A JSON body (the POST endpoints: `/batch`, `/chat`): `Content-Type: application/json` or a
 * 400 naming it, read within `max` bytes and the timeout (`readBody`), then parsed, or a 400
 * naming `body`. What it holds is the caller's to validate.
 */
export async function readJson(request: Request, options: ReadBodyOptions): Promise<unknown> {
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) {
    throw new SleeveError('bad_request', 'Content-Type must be application/json', { param: 'Content-Type' });
  }
  const text = await readBody(request, options);
  try {
    return JSON.parse(text);
  } catch {
    throw new SleeveError('bad_request', 'The body is not valid JSON.', { param: 'body' });
  }
}
