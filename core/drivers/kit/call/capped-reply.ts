/**
 * @module
 * The size cap of a call: the answer as `read` is given it (`Reply`), its body read at most
 * `maxBytes` (a caller that names none, `MAX_BODY_BYTES`), more being the upstream failing. Not
 * a policy of its own: the cap is how the body is read, wherever `read` reads it, so it is built
 * with the reply itself (`send.ts`).
 */
import { SleeveError } from '../../../errors.ts';
import { retryable } from '../refusals.ts';
import { readAtMost } from './read-limited.ts';
import { failure, jsonOf, type Reply, type Upstream } from './upstream.ts';

/**
 * The largest body read when a caller names no `maxBytes`: far above any JSON answer Sleeve
 * reads (Deezer's largest, a 100-track listing, is about 300 KB), far below what would hurt
 * the process (a misbehaving CDN's 40 MB).
 */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** `response` as `read` sees it; `failed` says why a body could not be read (a timeout's words, `send.ts`). */
export function cappedReply(
  upstream: Upstream,
  response: Response,
  maxBytes: number,
  failed: (error: unknown, what: 'body') => unknown,
): Reply {
  const over = (): SleeveError => failure(upstream, `sent a body over ${maxBytes} bytes`);
  const bytes = async (): Promise<Uint8Array<ArrayBuffer>> => {
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw over();
    let body: Uint8Array<ArrayBuffer> | null;
    try {
      body = await readAtMost(response.body, maxBytes);
    } catch (error) {
      throw failed(error, 'body');
    }
    if (body === null) throw over();
    return body;
  };
  const text = async (): Promise<string> => new TextDecoder().decode(await bytes());
  return {
    upstream,
    status: response.status,
    headers: response.headers,
    text,
    bytes,
    json: async () => {
      let body: string;
      try {
        body = await text();
      } catch (error) {
        // Over the limit where JSON was asked: a CDN's or a proxy's page, not the API's answer.
        throw error instanceof SleeveError && error.code === 'upstream_error' ? retryable(error) : error;
      }
      return jsonOf(upstream, { status: response.status, text: body });
    },
  };
}
